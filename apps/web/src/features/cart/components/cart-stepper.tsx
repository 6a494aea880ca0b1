import { CartIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { cart, useCartQuantity } from '../cart';

/**
 * The card's cart control: 'Add' until the product is in the cart, then − n + (spec section 4:
 * + adds one, − removes one and the line goes at 0). It reads only its own line of the cart. `max`
 * is what is left of a counted product, at most 9 (maxQuantityFor).
 */
export function CartStepper({ productId, productName, max }: { productId: string; productName: string; max: number }) {
  const quantity = useCartQuantity(productId);
  // Until the app runs and knows who the shopper is (the start-up auth check), an add would land in a
  // visitor's cart that a restored session then replaces: the server-rendered Add waits, inert, for both
  // (issue 25 item 0, docs/decisions/0203). The server's snapshot is "not checked", so the page and its
  // hydration agree and React enables it after.
  const ready = useSession((s) => s.authChecked);
  const inCart = quantity > 0;
  // One button is Add and then +, the same element, so keyboard focus stays on it when the − n + appear; − taking
  // the last unit hands focus to it before − goes (focus would fall to the page's start).
  return (
    <div
      className={`flex h-10 w-full items-center justify-between rounded text-primary-ink ${inCart ? 'bg-primary/20' : ''}`}
      role={inCart ? 'group' : undefined}
      aria-label={inCart ? `${productName} in cart` : undefined}
    >
      {inCart && (
        <button
          type="button"
          onClick={(e) => {
            if (quantity === 1) (e.currentTarget.parentElement!.lastChild as HTMLElement).focus();
            cart.remove(productId);
          }}
          aria-label={`Remove one ${productName}`}
          className="h-10 w-10 shrink-0 text-lg font-medium"
        >
          −
        </button>
      )}
      {inCart && (
        <span aria-live="polite" className="min-w-4 text-center font-medium">
          {quantity}
        </span>
      )}
      <button
        type="button"
        onClick={() => ready && cart.add(productId, max)}
        // Not disabled at the most: the keyboard's focus stays on it (it fell to the page), and a press says "Only 9…".
        aria-disabled={!ready || quantity >= max || undefined}
        aria-label={inCart ? `Add one more ${productName}` : `Add ${productName} to cart`}
        className={
          inCart
            ? 'h-10 w-10 shrink-0 text-lg font-medium aria-disabled:opacity-40'
            : 'flex h-10 w-full items-center justify-center gap-1 rounded border border-primary/50 bg-primary/10 px-2 font-medium hover:bg-primary/20 aria-disabled:cursor-progress'
        }
      >
        {inCart ? '+' : <CartIcon className="h-4 w-4" />}
        {!inCart && 'Add'}
      </button>
    </div>
  );
}
