import type { Product } from '@greencart/shared';
import { startTransition, useCallback, useDeferredValue, useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ProductCard } from './product-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-6 lg:grid-cols-4 xl:grid-cols-5';
/**
 * Cards out of view skip style, layout and paint until they scroll near (their last drawn size, or
 * about a phone card's, holds their place): a list hundreds of cards long costs what the screen shows.
 */
const CARD_CELL = '[content-visibility:auto] [contain-intrinsic-size:auto_340px]';

/** Cards of the widest grid's first row: on a list page they are above the fold. */
const FIRST_ROW = 5;

/**
 * The card grid of every product list: home's Best Sellers, /products, categories, related products.
 * `leadsPage`: the list is the page's main content (/products, a category), so its first row's images
 * load at once and the first card's, the page's largest paint, first of all (docs/decisions/0128), and its cards'
 * names are the headings under the page's h1.
 */
export function ProductGrid({ products, leadsPage = false }: { products: Product[]; leadsPage?: boolean }) {
  const followCardLink = useCardLinks();
  return (
    <ul className={GRID} onClick={followCardLink}>
      {products.map((product, index) => (
        <li key={product._id} className={CARD_CELL}>
          <ProductCard product={product} eager={leadsPage && index < FIRST_ROW} highPriority={leadsPage && index === 0} topLevel={leadsPage} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The cards' plain links, followed inside the app (one handler for the grid instead of a router
 * Link per link): a plain left click navigates without reloading; a modified or middle click, or a
 * link that leaves the shop, keeps the browser's own behaviour (new tab, new window...).
 */
function useCardLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest('a');
      if (!link || link.target || link.origin !== window.location.origin || !event.currentTarget.contains(link)) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}

/** Cards drawn at once when a new list arrives: two rows of the widest grid, more than a phone shows. */
export const FIRST_DRAWN = 10;

/**
 * A new list (its first product changed: a new search, a category) is drawn in two steps: its first
 * rows at once, the rest in a transition after the browser has painted them, so the results are on
 * screen without waiting for the cards below the fold (issue 15: a search's results within 300 ms of
 * the last keystroke on a phone-speed CPU). Pages appended to the same list are drawn in the background.
 * `complete` tells when every loaded card is drawn: the list's scroll loader waits for it, or the short
 * first draw would bring its sentinel into view and load a page nobody asked for.
 */
export function useDrawnInStages(products: Product[] | undefined): { drawn: Product[] | undefined; complete: boolean } {
  const first = products?.[0]?._id;
  // A page appended to the list shown is drawn as a deferred value: React renders its cards in slices
  // between frames, so scrolling never waits for a whole page's render (no long task while paging).
  const deferred = useDeferredValue(products);
  const appended = deferred !== undefined && deferred[0]?._id === first ? deferred : products;
  const short = !products || products.length <= FIRST_DRAWN;
  const [stage, setStage] = useState({ first, complete: true });
  if (stage.first !== first) setStage({ first, complete: short });
  useEffect(() => {
    if (stage.complete) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next frame (the first rows painted), as a transition (typing and clicks come first).
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setStage((now) => (now === stage ? { ...now, complete: true } : now))));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stage]);
  const complete = stage.first === first ? stage.complete : short;
  // Complete only once the deferred draw has caught up too: the scroll loader asks for the next page
  // only when every loaded card is drawn (else pages arriving faster than they draw run away).
  return { drawn: complete ? appended : products?.slice(0, FIRST_DRAWN), complete: complete && appended === products };
}
