import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BinarySchema, noBody, routeSchema, written } from '../lib/route-schema.js';
import { apiNotFound, readsPageAddress, wantsPage } from './error-handler.js';
import { SHOP_APPLICATION_PAGE } from '@greencart/shared';
import { UPLOADS_URL_PREFIX } from '../modules/images/image-storage.js';
import { imageNotFound } from '../modules/images/image-service.js';
import type { ChannelFeed } from '../db/channel-feed.js';
import type { ProductService } from '../modules/products/product-service.js';
import type { SellerService } from '../modules/seller/seller-service.js';
import { keepingQuery, plainAddress, registerStorefrontPages, withoutTrailingSlash } from './storefront-pages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Does the browser's If-None-Match name this ETag (in a list, weak or strong)? */
const matchesEtag = (header: string | undefined, etag: string) => header !== undefined && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/**
 * Stored images from the image service, whichever storage holds them (disk or PostgreSQL, 0061).
 * A name is never reused, so the name is the ETag and a year-long immutable cache is safe; a
 * revalidating browser gets a 304 without the bytes being read.
 */
async function serveImage(app: FastifyInstance, request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
  const etag = `"${request.params.name}"`;
  const cached = matchesEtag(request.headers['if-none-match'], etag);
  const bytes = cached ? undefined : await app.images.read(request.params.name);
  // The route exists: a name it never stored is its own 404, not "No such route" (a probe).
  if (!cached && !bytes) throw imageNotFound();
  reply.header('cache-control', IMMUTABLE).header('etag', etag);
  if (cached) return reply.code(304).send();
  return reply.type('image/webp').send(bytes);
}

/**
 * Serves stored images, the built web app and its client-side routes. Hashed assets and stored
 * images never change under the same name, so they are cached for a year; index.html is not.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { webDist: string; currency: string; onlinePayment: boolean; timeZone: string; publicUrl: string; products: ProductService; shops: Pick<SellerService, 'shop'>; changes: Pick<ChannelFeed, 'live' | 'subscribe'> },
) {
  const imageSchema = routeSchema(
    { tags: ['Images'], summary: 'A stored product image (WebP), cached for a year under its name', errors: ['IMAGE_NOT_FOUND'] },
    {
      params: z.object({ name: z.string().meta({ description: "The image's file name, as a product's `image` list gives it" }) }),
      response: { 200: written('image/webp', BinarySchema, 'The image'), 304: noBody('Not modified (If-None-Match)') },
    },
  );
  app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, { schema: imageSchema }, (request, reply) => serveImage(app, request, reply));

  const indexFile = path.join(options.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"; serving the API only`);
    app.setNotFoundHandler(apiNotFound);
    return;
  }
  // The currency symbol is configuration of the server (spec section 3); the page reads it here, and
  // whether online payment is on, so the cart never offers a checkout the server refuses (0046).
  const withServerSettings = (html: string) =>
    html
      .replace('<meta name="currency" content="Rs" />', `<meta name="currency" content="${escapeAttribute(options.currency)}" />`)
      .replace('<meta name="online-payment" content="available" />', `<meta name="online-payment" content="${options.onlinePayment ? 'available' : 'unavailable'}" />`)
      .replace('<meta name="time-zone" content="Asia/Kolkata" />', `<meta name="time-zone" content="${escapeAttribute(options.timeZone)}" />`)
      // A link preview's picture is named by its whole address (Open Graph), the shop's own.
      .replace('<meta property="og:image" content="/', `<meta property="og:image" content="${escapeAttribute(options.publicUrl)}/`);
  const indexHtml = withServerSettings(fs.readFileSync(indexFile, 'utf8'));
  // The application to open a shop, as a search result or a link preview shows it (the app draws the page).
  const application = { ...SHOP_APPLICATION_PAGE, title: escapeAttribute(SHOP_APPLICATION_PAGE.title) };
  const applicationUrl = escapeAttribute(`${options.publicUrl}${application.path}`);
  const applicationHtml = indexHtml
    .replace(/<title>.*?<\/title>/, `<title>${application.title}</title>\n    <link rel="canonical" href="${applicationUrl}" />\n    <meta property="og:url" content="${applicationUrl}" />`)
    .replaceAll(/(<meta (?:name="description"|property="og:description") content=")[^"]*"/g, `$1${escapeAttribute(application.description)}"`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${application.title}"`);

  await app.register(fastifyStatic, {
    root: options.webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build's text files as compressed once at build time (`.br`, `.gz` beside each, decision 0214), as the
    // browser accepts; the compression plugin leaves an answer already encoded alone.
    preCompressed: true,
    // The pages go out only through their routes below, with the server's settings written in.
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  // Home, /products, categories and products rendered per request (docs/decisions/0128); without a
  // renderer in the build they are client routes like the others.
  // One address per page: a page asked for with a trailing slash is sent to it before any route runs (the router
  // took `/products/` for the category route with an empty category, and `/cart/` for no page at all).
  app.addHook('onRequest', async (request, reply) => {
    if (!readsPageAddress(request)) return;
    // All at once: `/PRODUCTS/` is sent to `/products`, a product under another category with a slash to its own, in one
    // redirect, not two (probes).
    const slashless = withoutTrailingSlash(request.url);
    const oneAddress = (storefront && plainAddress(slashless ?? request.url, storefront.knows)) || slashless;
    if (!oneAddress) return;
    const moved = storefront && (await storefront.movedTo(request, oneAddress.split('?')[0]!));
    return reply.redirect(moved ? keepingQuery(moved, oneAddress) : oneAddress, 301);
  });
  const storefront = await registerStorefrontPages(app, { ...options, indexHtml });
  const sendIndex = (reply: FastifyReply, html = indexHtml) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  // Client routes (/cart, /seller/…) fall back to the app; an address no page has gets the shop's 404 page
  // with a 404 status; anything else is a JSON 404. A client route is a page to any GET that does not ask for JSON
  // alone: a link preview's or a crawler's `Accept: */*` got a JSON 404 for /contact or /seller/register.
  app.setNotFoundHandler((request, reply) => {
    // The answer depends on Accept (a page or JSON): a shared cache keys it so (a probe saw neither say it).
    reply.header('vary', 'Accept');
    const accept = request.headers.accept ?? '';
    const jsonAlone = accept.includes('application/json') && !accept.includes('text/html');
    const pathname = request.url.split('?')[0]!;
    if (storefront && readsPageAddress(request) && !jsonAlone && storefront.knows(pathname)) return sendIndex(reply, pathname === application.path ? applicationHtml : indexHtml);
    if (!wantsPage(request)) return apiNotFound(request, reply);
    // Without a renderer in the build every address is the app's.
    return storefront ? storefront.sendNotFound(request, reply) : sendIndex(reply);
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
