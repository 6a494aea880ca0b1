import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { env } from '../config/env';
import type { StorefrontCatalogue } from '@greencart/shared';
import type { ShopRequestContext } from '../features/products/api/catalogue-pages';
import { ROUTE_DATA_ID, routes } from './route-table';
import { pageStyles } from './page-styles';
import { START_APP_SCRIPT } from './start-app';

/**
 * The storefront's pages rendered on the server per request (issue 27, docs/decisions/0128): the same
 * route table and components as the browser, the loaders reading the catalogue the server hands them.
 * Bundled for Node by the build (scripts/build-server-render.mjs) into `dist/.ssr/`, never in the
 * browser bundle; the API's web plugin calls it. The page carries the loaders' answers, so the browser
 * hydrates it without asking for them again.
 */
export interface PageRendererOptions {
  /** The client build: its index.html (with the server's settings written in), stylesheet and manifest. */
  dist: string;
  indexHtml: string;
  currency: string;
  onlinePayment: boolean;
}

export interface RenderedPage {
  status: number;
  html: string;
}

/**
 * The server-rendered pages: their route paths (the server answers these with the renderer) and route
 * files (for their chunks' modulepreloads, from Vite's manifest). A new page with a loader (issue 26's
 * `/shop/:slug`) is one more line here.
 */
const ROUTE_FILES: Record<string, string> = {
  '': 'src/app/routes/home.tsx',
  products: 'src/app/routes/products.tsx',
  'products/:category': 'src/app/routes/category.tsx',
  'products/:category/:id': 'src/app/routes/product.tsx',
  'shop/:slug': 'src/app/routes/shop.tsx',
  // No data, and linked from every page's header: a crawler or a link preview read "needs JavaScript" there (a probe).
  contact: 'src/app/routes/contact.tsx',
};
/** The catch-all route (`*`): any address the route table does not know, the shop's 404 page. */
const NOT_FOUND_FILE = 'src/app/routes/not-found.tsx';
const isCatchAll = (route: { path?: string } | undefined) => route?.path === '*';
/** Paths whose `knows` answer is kept: the app's own addresses, many times over; unknown ones asked in a row start it afresh. */
const KNOWN_KEPT = 1000;

/** The layout above every server-rendered page (navbar, footer, cart; decision 0182): its chunks are preloaded too. */
const STOREFRONT_LAYOUT_FILE = 'src/app/routes/storefront-layout.tsx';

export function createPageRenderer(options: PageRendererOptions) {
  // The components read the configured currency and payment setting from here, as in the browser.
  Object.assign(env, { currency: options.currency, onlinePayment: options.onlinePayment });
  const handler = createStaticHandler(routes);
  const template = pageTemplate(options.dist, options.indexHtml);
  const manifest = JSON.parse(fs.readFileSync(path.join(options.dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryScripts = new Set(options.indexHtml.match(/\/assets\/[^"]+\.js/g));
  // `knows`'s answers by path: React Router's matchRoutes ranks the whole route table again on every call (1.7 ms of a
  // busy 2-core host's CPU, a third of what a /cart answer cost), and a path's answer never changes.
  const known = new Map<string, boolean>();

  return {
    /** The paths to answer with `render` (Fastify's syntax is React Router's for these). */
    paths: Object.keys(ROUTE_FILES).map((routePath) => `/${routePath}`),
    /**
     * The Content-Security-Policy sources of the pages' one inline script (start-app.ts, decision 0203):
     * the server adds them to `script-src` of these pages.
     */
    scriptSources: [`'sha256-${crypto.createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`],
    /** Whether `pathname` is one of the app's pages (the browser's own routes: /cart, /seller/…), not the catch-all. */
    knows(pathname: string) {
      let answer = known.get(pathname);
      if (answer === undefined) {
        // A line break in the address (`/cart%E2%80%A8`, U+2028) ended React Router's match before it: it matched /cart (a probe).
        answer = !/%(0a|0d|e2%80%a[89])/i.test(pathname) && !isCatchAll(matchRoutes(routes, pathname)?.at(-1)?.route);
        if (known.size >= KNOWN_KEPT) known.clear();
        known.set(pathname, answer);
      }
      return answer;
    },
    /**
     * The page at `url` (absolute: its origin is the one canonical URLs name), with the status its
     * loaders decided (404 unknown, 410 retired; 404 for an address only the catch-all matches); a
     * redirect as its status and location.
     */
    async render(url: string, catalogue: StorefrontCatalogue): Promise<RenderedPage | { status: number; location: string }> {
      const requestContext: ShopRequestContext = { catalogue };
      const context = await handler.query(new Request(url), { requestContext });
      if (context instanceof Response) return { status: context.status, location: context.headers.get('location') ?? '/' };
      const router = createStaticRouter(handler.dataRoutes, context);
      const rendered = renderToString(
        <StrictMode>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </StrictMode>,
      );
      const leaf = context.matches.at(-1)?.route;
      const routeFile = isCatchAll(leaf) ? NOT_FOUND_FILE : leaf && (leaf.index ? ROUTE_FILES[''] : ROUTE_FILES[leaf.path ?? '']);
      return { status: isCatchAll(leaf) ? 404 : context.statusCode, html: template(rendered, hydrationScript(context), routeFile ? chunkPreloads(manifest, [STOREFRONT_LAYOUT_FILE, routeFile], entryScripts) : []) };
    },
  };
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * index.html made ready once: its own title, description and link-preview card out (each page writes its own), the
 * stylesheet inline so a page paints as soon as it has arrived (no render-blocking request), cut to the
 * rules the page's markup may use (page-styles.ts, decision 0204: about 5 kB gzip of the whole 9),
 * and its entry script and modulepreloads replaced by the inline start of the app (start-app.ts,
 * decision 0203), which fetches them with the route's chunks once the page's largest paint is on screen.
 */
function pageTemplate(dist: string, indexHtml: string) {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/.exec(indexHtml);
  if (!stylesheet) throw new Error('index.html links no stylesheet');
  const entry = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no entry script');
  const entryPreloads = [...indexHtml.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
  const stylesFor = pageStyles(fs.readFileSync(path.join(dist, stylesheet[1]!), 'utf8'));
  let page = indexHtml
    // A rendered page works without JavaScript: the app shell's "needs JavaScript" note is not for it.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/\s*<title>.*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    // The app shell's link-preview card, for the pages the browser draws from it (the seller's application): each
    // rendered page writes its own.
    .replace(/\s*<meta (?:property="og:|name="twitter:)[^>]*>/g, '');
  for (const link of entryPreloads) page = page.replace(link[0], '');
  const [beforeScript, afterScript] = splitOnce(page, entry[0]);
  const [beforeStyles, afterStyles] = splitOnce(afterScript, stylesheet[0]);
  const [beforeRoot, afterRoot] = splitOnce(afterStyles, root);
  const startApp = (routeChunks: string[]) =>
    `<script id="start-app" data-entry="${entry[1]}" data-preload="${[...entryPreloads.map((link) => link[1]!), ...routeChunks].join(' ')}" data-stylesheet="${stylesheet[1]}">${START_APP_SCRIPT}</script>`;
  // Functions and plain joins throughout: a `$` in the markup is text, not a replacement pattern.
  return (rendered: string, hydration: string, routeChunks: string[]) => {
    const { head, body } = hoisted(rendered);
    return [
      beforeScript,
      '\n    ',
      [...imagePreloads(body), hydration, startApp(routeChunks)].join('\n    '),
      beforeStyles,
      `<style>${stylesFor(body)}</style>`,
      beforeRoot.replace('</head>', () => `${head}\n  </head>`),
      `<div id="root">${body}</div>`,
      afterRoot,
    ].join('');
  };
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * React writes a partial render's <title>, <meta> and <link> first; they belong in the head. Its own
 * preload of a high-priority image is left out: imagePreloads has it, before the scripts (and for an
 * <img> in a <picture> too, which React does not preload).
 */
function hoisted(rendered: string) {
  const head = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/.exec(rendered)![0];
  return { head: head.replace(/<link rel="preload" as="image"[^>]*>/g, ''), body: rendered.slice(head.length) };
}

/**
 * The loaders' answers for the browser's router (app/router.tsx reads them): data, not a script, so the
 * Content-Security-Policy (`script-src 'self'`) needs no exception; outside #root, so the markup React
 * hydrates is only the app's. A refusal (404, 410) is written as its status and data, so the browser's
 * error boundary shows the same page.
 */
function hydrationScript(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([id, error]) => [id, isRouteErrorResponse(error) ? { status: error.status, statusText: error.statusText, data: error.data } : { status: 500, statusText: 'Unexpected Server Error', data: null }]))
    : null;
  const data = { loaderData: context.loaderData, errors };
  // `<` escaped: no text of the shop's (a product name) can close the element.
  return `<script type="application/json" id="${ROUTE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The route's chunks (its layout's and its own), fetched with the entry script instead of after it has run. */
function chunkPreloads(manifest: Manifest, routeFiles: string[], entryScripts: Set<string>): string[] {
  const seen = new Set(entryScripts);
  const links: string[] = [];
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) return;
    const href = `/${chunk.file}`;
    if (seen.has(href)) return;
    seen.add(href);
    links.push(href);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  routeFiles.forEach(add);
  return links;
}

/**
 * The largest paint's image asked for before the scripts: the first `fetchpriority="high"` <img> (the
 * home banner, a product's main image), with exactly its sources and sizes (each <source> of its
 * <picture> for its media, the <img> for the rest), so the preload is the very file the <img> then takes.
 */
function imagePreloads(markup: string): string[] {
  const img = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(markup);
  if (!img) return [];
  const picture = [...markup.slice(0, img.index + img[0].length).matchAll(/<picture>/g)].at(-1);
  const pictureOpen = picture && !markup.slice(picture.index, img.index).includes('</picture>');
  const sources = pictureOpen ? [...markup.slice(picture.index, img.index).matchAll(/<source ([^>]*?)\/?>/g)].map((m) => attributes(m[1]!)) : [];
  // One <source> is what the banner has; several would need each media minus the earlier ones.
  if (sources.length > 1) throw new Error('a high-priority <picture> has more than one <source>: extend imagePreloads');
  const own = attributes(img[0]);
  const preload = (a: Record<string, string>, media: string) =>
    `<link rel="preload" as="image" ${a.srcset ? `imagesrcset="${a.srcset}" imagesizes="${a.sizes ?? ''}"` : `href="${a.src}"`} media="${media}" fetchpriority="high">`;
  return [...sources.map((source) => preload(source, source.media ?? 'all')), preload(own, sources.length ? `not all and ${sources[0]!.media}` : 'all')];
}

function attributes(text: string): Record<string, string> {
  // React writes some names in camel case (srcSet, fetchPriority); HTML's are case-insensitive.
  return Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}
