import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGUE_PAGE_SIZE, IdSchema, isSellerArea, SEARCH_TEXT_MAX, SLUG_MAX, type StorefrontCatalogue } from '@greencart/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { unstorableText, unstorableTextRefusal } from '../lib/unstorable-text.js';
import { keptUntilChange, type ChannelFeed } from '../db/channel-feed.js';
import { fifoGate } from '../lib/fifo-gate.js';
import { isDatabaseUnreachable } from '../db/retry.js';
import { chooseListEncoding, encodedBodyWriter, notModified, type CatalogueListBody } from '../modules/products/catalogue-list.js';
import { productIdsIn, type ProductService } from '../modules/products/product-service.js';
import type { SellerService } from '../modules/seller/seller-service.js';
import { contentSecurityPolicyAllowing } from './security-headers.js';

/** What the web build's server renderer exports (apps/web/src/app/server-render.tsx), as this side uses it. */
type Rendered = { status: number; html: string } | { status: number; location: string };
/** A rendered page as it is kept: compressed once (gzip, br) with its ETags, never per request. */
type KeptPage = { status: number; page: CatalogueListBody } | { status: number; location: string };
interface PageRenderer {
  paths: string[];
  /** The CSP sources of the pages' inline script (the start of the app); absent in a build before it. */
  scriptSources?: string[];
  /** Whether a path is one of the app's pages (the browser's own routes too), not the catch-all 404. */
  knows(pathname: string): boolean;
  render(url: string, catalogue: StorefrontCatalogue): Promise<Rendered>;
}

/**
 * A page's one address when `url` asks for it with a trailing slash (a second address of the same page for
 * search engines), else undefined. Leading slashes and backslashes collapse too: `//host/` and `/\host/` are
 * another site's address, never a redirect target.
 */
export function withoutTrailingSlash(url: string): string | undefined {
  const at = url.indexOf('?');
  const [pathname, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  if (pathname.length <= 1 || !pathname.endsWith('/')) return undefined;
  // Backslashes too: a browser reads `/\host` as `//host`, another site.
  return `/${pathname.replace(/^[/\\]+|\/+$/g, '')}${query}`;
}

/**
 * A page of the app asked for in capitals (`/PRODUCTS`, `/Shop/greencart`, `/products/Vegetables`) or with a letter or
 * digit written as an escape (`/products/drink%73`, RFC 3986's same address): its one address in lower case, the query
 * kept (the router matches either, so each was another copy of the page to a crawler, kept apart: a probe).
 */
export function plainAddress(url: string, knows: (pathname: string) => boolean): string | undefined {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  // Only letters, digits, `-`, `_` and `~`: an escaped `.` or `/` names another address once read (404, never a redirect there).
  const plain = pathname.replace(/%([0-9a-f]{2})/gi, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[\w~-]/.test(char) ? char : escape;
  });
  // A %-escape's hex digits are the same byte in either case (RFC 3986): kept as asked, so `/products/%E0%A4%9F` is answered
  // (404) where it was asked, not sent to `%e0%a4%9f` first (a probe).
  const lower = plain.toLowerCase().replace(/%[0-9a-f]{2}/g, (_escape, offset: number) => plain.slice(offset, offset + 3));
  return lower !== pathname && knows(lower) ? `${lower}${at < 0 ? '' : url.slice(at)}` : undefined;
}

/** The pages that list products a page at a time: /products, a category's, a shop's. */
const isListPage = (pathname: string) => /^\/(products(\/[^/]+)?|shop\/[^/]+)$/.test(pathname);

/** A product's page, the one page whose address moves (with its product's category). */
const isProductPage = (pathname: string) => /^\/products\/[^/]+\/[^/]+$/.test(pathname);

/** A page's redirect keeps the query it was asked with (a campaign's tags): the renderer saw only the page's own. */
export const keepingQuery = (location: string, url: string) => (location.includes('?') || !url.includes('?') ? location : `${location}${url.slice(url.indexOf('?'))}`);

/** What the web plugin needs for page requests no route answers (see registerStorefrontPages). */
export interface StorefrontFallback {
  knows(pathname: string): boolean;
  /**
   * Where a product page's address sends, if it does (asked for under another category): a redirect of another address
   * of it (a trailing slash) goes there at once, not by a second redirect. Undefined for any other address.
   */
  movedTo(request: FastifyRequest, pathname: string): Promise<string | undefined>;
  /** The shop's 404 page, rendered (with the storefront around it) and kept like the others: 404. */
  sendNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}
type RendererModule = { createPageRenderer(options: { dist: string; indexHtml: string; currency: string; onlinePayment: boolean }): PageRenderer };

/** Where the build puts the renderer (apps/web/scripts/build-server-render.mjs): a dot folder, never served. */
export const SERVER_RENDER_FILE = path.join('.ssr', 'server-render.js');

/**
 * Rendered pages kept between catalogue changes: a popular page is rendered and compressed once per
 * change, not per request (about 75 kB plain, 14 kB gzip, 11 kB br each: a few MB at most).
 */
const PAGES_KEPT = 500;

/**
 * Pages rendered at once on one instance (a crawler probe: 50 crawlers' pages at once held a shopper's search 0.4-2.5 s,
 * each render's turn on the event loop queued behind all the others'): the others wait their turn, in order, and every
 * other request goes between them. A kept page is sent without waiting.
 */
const RENDERS_AT_ONCE = 2;

/** A page that reports a failure (a 5xx): sent, never kept. */
class UnkeptPage {
  constructor(readonly page: KeptPage) {}
}

/**
 * The catalogue's reads for one page, each failure kept (the renderer answers a loader's failure with a 500 page), and
 * the products they answered (the page shows them).
 */
function watched(catalogue: StorefrontCatalogue): { reads: StorefrontCatalogue; failures: unknown[]; shown: Set<string> } {
  const failures: unknown[] = [];
  const shown = new Set<string>();
  const watch =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    (...args: A) =>
      read(...args).then(
        (answer) => {
          productIdsIn(answer, shown);
          return answer;
        },
        (err: unknown) => {
          failures.push(err);
          throw err;
        },
      );
  return {
    reads: { bestSellers: watch(catalogue.bestSellers), search: watch(catalogue.search), productPage: watch(catalogue.productPage), shop: watch(catalogue.shop) },
    failures,
    shown,
  };
}

async function encoded(rendered: Rendered): Promise<KeptPage> {
  if ('location' in rendered) return rendered;
  const body = encodedBodyWriter();
  body.add(rendered.html);
  return { status: rendered.status, page: await body.finish() };
}

/**
 * The storefront's pages rendered on the server (issue 27, docs/decisions/0128): home, /products (with
 * its `?q=` search), category and product pages, with their content, head tags and structured data, and
 * their status (404 unknown, 410 retired). The renderer reads the catalogue through the product service
 * (its reads are kept until a change), and each rendered page is kept until any instance changes the
 * catalogue (the `catalogue_changed` feed, 0060): every instance serves the current catalogue, and
 * nothing is kept while the feed is down. Every visitor gets the same page (a signed-out first visit,
 * as 0082's shell); the browser then shows the visitor's own session and cart.
 * Returns what answers the page requests no route answers, or undefined when the build has no renderer (an
 * older build): the pages are then the plain app.
 */
export async function registerStorefrontPages(
  app: FastifyInstance,
  options: { webDist: string; indexHtml: string; currency: string; onlinePayment: boolean; publicUrl: string; products: ProductService; shops: Pick<SellerService, 'shop'>; changes: Pick<ChannelFeed, 'live' | 'subscribe'> },
): Promise<StorefrontFallback | undefined> {
  const file = path.join(options.webDist, SERVER_RENDER_FILE);
  if (!fs.existsSync(file)) {
    app.log.warn(`web build has no server renderer (${file}); storefront pages are served as the plain app`);
    return undefined;
  }
  const { createPageRenderer } = (await import(pathToFileURL(file).href)) as RendererModule;
  const renderer = createPageRenderer({ dist: options.webDist, indexHtml: options.indexHtml, currency: options.currency, onlinePayment: options.onlinePayment });
  const { products, shops } = options;
  const catalogue: StorefrontCatalogue = {
    bestSellers: () => products.bestSellers(),
    search: async ({ q = '', category, seller, cursor }) => ({ success: true, ...(await products.search({ q: q.slice(0, SEARCH_TEXT_MAX), category, seller, cursor, limit: CATALOGUE_PAGE_SIZE })) }),
    productPage: (id) => products.productPage(id),
    // A slug that is no approved shop's (SHOP_NOT_FOUND) is the page's 404.
    async shop(slug) {
      try {
        return await shops.shop(slug);
      } catch (err) {
        if (err instanceof AppError && err.code === 'SHOP_NOT_FOUND') return undefined;
        throw err;
      }
    },
  };
  const pages = keptUntilChange(options.changes, PAGES_KEPT);
  const renders = fifoGate(RENDERS_AT_ONCE);
  // The pages start the app with one inline script (apps/web/src/app/start-app.ts, docs/decisions/0203): allowed by its hash, on these pages only.
  const policy = renderer.scriptSources?.length ? contentSecurityPolicyAllowing(renderer.scriptSources) : undefined;

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // The catalogue's search cannot look for a NUL character (docs/decisions/0218): refused as every call refuses it.
    const unstorable = unstorableText(request.params, 'params') ?? unstorableText(request.query, 'querystring');
    if (unstorable) throw unstorableTextRefusal(unstorable);
    // The page depends on its path, search text and shop filter only: other query parameters (a campaign's tags) share it.
    const [pathname = '/'] = request.url.split('?');
    // Dot segments written encoded (`/products/%2e%2e/cart`) name another address once parsed: the renderer rendered the
    // cart there, a 200 page under the product's route (a crawler probe). No page has such an address.
    if (new URL(pathname, 'http://shop').pathname !== pathname) return sendNotFound(request, reply);
    const query = new URLSearchParams(request.url.slice(pathname.length + 1));
    const kept = new URLSearchParams();
    const q = (query.get('q') ?? '').trim();
    // Cut as the search cuts it: a 16,000-character text was said back three times in a page kept under its own key (a crawler probe).
    if (q && (pathname === '/products' || pathname.startsWith('/shop/'))) kept.set('q', q.slice(0, SEARCH_TEXT_MAX));
    // A shop's address as the list reads one (lower case, at most SLUG_MAX): each spelling or length was a page kept apart.
    const seller = (query.get('seller') ?? '').trim().toLowerCase().slice(0, SLUG_MAX);
    if (seller && pathname === '/products') kept.set('seller', seller);
    // A later page of a list, as its 'Load more' link names it (docs/decisions/0264): a product's id, or the first page.
    const cursor = query.get('cursor');
    if (cursor && IdSchema.safeParse(cursor).success && isListPage(pathname)) kept.set('cursor', cursor.toLowerCase());
    const url = `${options.publicUrl}${pathname}${kept.size ? `?${kept}` : ''}`;
    return sendRendered(request, reply, url, url);
  }

  /** The page rendered for `url`, kept under `key` until the catalogue changes. */
  async function sendRendered(request: FastifyRequest, reply: FastifyReply, key: string, url: string) {
    const page = await keptPage(request, key, url);
    if ('location' in page) return reply.redirect(keepingQuery(page.location, request.url), page.status);
    const encoding = chooseListEncoding(request.headers['accept-encoding']);
    if (policy) reply.header('content-security-policy', policy);
    // Added to what is there: the 404 page of an unknown address also varies by Accept (web.ts).
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding').header('cache-control', 'no-cache').header('etag', page.page.etags[encoding]);
    if (page.status === 200 && notModified(request.headers['if-none-match'], page.page)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(page.status).type('text/html; charset=utf-8').send(page.page.bodies[encoding]);
  }

  function keptPage(request: FastifyRequest, key: string, url: string): Promise<KeptPage> {
    // The products the page shows: it is kept through checkouts that took stock of others only (decision 0273).
    let shown: Set<string> = new Set();
    return pages
      .get(key, async () => {
        const { reads, failures, shown: read } = watched(catalogue);
        shown = read;
        const turn = renders.enter();
        await turn.ready;
        const rendered = await encoded(await renderer.render(url, reads).finally(turn.leave));
        if (rendered.status < 500) return rendered;
        // A database out of reach is a 503 (try again), as every call answers it, not the page's 500: one warning line.
        if (failures.some(isDatabaseUnreachable)) {
          request.log.warn({ url }, 'a page could not be rendered: the database cannot be reached');
          throw new UnkeptPage({ ...rendered, status: 503 });
        }
        request.log.error({ err: failures[0], url }, 'rendering a page failed');
        throw new UnkeptPage(rendered);
      }, () => shown)
      .catch((err: unknown) => {
        if (err instanceof UnkeptPage) return err.page;
        throw err;
      });
  }

  /**
   * The 404 page does not depend on the address asked for: one kept copy, however many unknown addresses are tried;
   * two, since the seller area shows it without the navbar and footer (spec section 2): rendered at /404,
   * /seller/login showed them, and the browser kept them.
   */
  function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
    return isSellerArea(request.url.split('?')[0]!)
      ? sendRendered(request, reply, 'not found in the seller area', `${options.publicUrl}/seller/404`)
      : sendRendered(request, reply, 'not found', `${options.publicUrl}/404`);
  }

  // The web app's pages are not API: left out of the OpenAPI document.
  for (const route of renderer.paths) app.get(route, { schema: { hide: true }, compress: false }, sendPage);
  return {
    knows: (pathname) => renderer.knows(pathname),
    sendNotFound,
    // Rendered and kept as the page's own request renders it (a page without a query, under the same key): sent next from what is kept.
    async movedTo(request, pathname) {
      if (!isProductPage(pathname) || new URL(pathname, 'http://shop').pathname !== pathname) return undefined;
      const url = `${options.publicUrl}${pathname}`;
      const page = await keptPage(request, url, url);
      return 'location' in page ? page.location : undefined;
    },
  };
}
