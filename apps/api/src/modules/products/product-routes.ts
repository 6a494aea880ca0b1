import {
  CatalogueListAnswerSchema,
  CatalogueQuerySchema,
  CataloguePageAnswerSchema,
  ProductAnswerSchema,
  ProductIdParamsSchema,
  ProductListAnswerSchema,
  ProductsByIdsAnswerSchema,
  ProductsByIdsQuerySchema,
} from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noBody, routeSchema, written } from '../../lib/route-schema.js';
import { chooseListEncoding, notModified, PRODUCTS_LOADED } from './catalogue-list.js';
import { SELLER_COOKIE } from '../../plugins/auth.js';

const tags = ['Catalogue'];
/** The parameters that make `GET /product/list` answer a page (CatalogueQuerySchema's, every one). */
const PAGE_PARAMETERS = CatalogueQuerySchema.keyof().options;

/**
 * The catalogue. `GET /product/list` is the spec's call (every product, for its contract and the
 * original client); the shop's own pages use the paged queries below (issue 15, docs/decisions/0013).
 */
export async function productRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // One body kept per catalogue version in each coding (docs/decisions/0099): the compression plugin,
  // which would compress 42.8 MB per request, stays out of it.
  // Ready-made bytes in the coding asked for: described under their content type, sent as kept.
  const listSchema = routeSchema(
    {
      tags,
      summary:
        'Every product in the catalogue (the spec\'s call, asked with none of the parameters below), with an ETag; gzip or br when accepted. With any of `q`, `category`, `seller`, `cursor` or `limit`, a page of the products they ask for, as `/api/product/search` answers it (the whole catalogue is one answer for everyone)',
    },
    {
      // An unknown parameter is refused, as on every call: `?page=2` answered the first page again, for ever (a probe).
      querystring: CatalogueQuerySchema,
      response: {
        200: written('application/json', z.union([CatalogueListAnswerSchema, CataloguePageAnswerSchema]), 'The whole catalogue, or with a parameter a page of the products it asks for'),
        304: noBody('Not modified since the ETag sent in If-None-Match'),
      },
    },
  );
  routes.get('/product/list', { compress: false, schema: listSchema }, async (request, reply) => {
    // One shop's products are a page like any other list (issue 26: product lists take ?seller=), and so is a list asked
    // for by category, text or page: a client built from the API's reference that asked for 24 fruits was sent the whole
    // catalogue, 100,000 products of every category (a probe). The whole catalogue stays the spec's answer, asked bare.
    // Asked for, not defaulted: the parsed query has its defaults (a page of 24) even when asked bare.
    const asked = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    if (PAGE_PARAMETERS.some((name) => asked.has(name))) {
      const page = { success: true as const, ...(await app.products.search(request.query)), message: PRODUCTS_LOADED };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(page));
    }
    // A seller's browser reads its own writes: the spec's client reloads this list after a stock toggle, and
    // the previous list (answered to shoppers while a large catalogue rebuilds) showed the toggle undone. A live
    // seller session only (looked up once per instance, 0088): a fresh read starts a build sooner (0013).
    const seller = await app.sessions.resolve(request.cookies[SELLER_COOKIE]);
    const list = await app.products.listBody({ fresh: Boolean(seller?.sellerId) });
    const encoding = chooseListEncoding(request.headers['accept-encoding']);
    // no-cache: a browser may keep the list but asks each time, and a 304 costs nothing to send.
    reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').header('etag', list.etags[encoding]);
    if (notModified(request.headers['if-none-match'], list)) return reply.code(304).send(null);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(list.bodies[encoding]);
  });

  const searchSchema = routeSchema(
    { tags, summary: 'A page of in-stock products whose name contains `q`, optionally in one category' },
    { querystring: CatalogueQuerySchema, response: { 200: CataloguePageAnswerSchema } },
  );
  routes.get('/product/search', { schema: searchSchema }, async (request) => ({
    success: true as const,
    ...(await app.products.search(request.query)),
    message: PRODUCTS_LOADED,
  }));

  routes.get('/product/best-sellers', { schema: routeSchema({ tags, summary: 'The best sellers of the home page' }, { response: { 200: ProductListAnswerSchema } }) }, async () => ({
    success: true as const,
    products: await app.products.bestSellers(),
  }));

  const byIdsSchema = routeSchema(
    { tags, summary: "A cart's products: those of the given ids still sold, and the names of those no longer sold" },
    { querystring: ProductsByIdsQuerySchema, response: { 200: ProductsByIdsAnswerSchema } },
  );
  routes.get('/product/by-ids', { schema: byIdsSchema }, async (request) => ({ success: true as const, ...(await app.products.forCart(request.query.ids)) }));

  const oneSchema = routeSchema({ tags, summary: 'One product', errors: ['PRODUCT_NOT_FOUND'] }, { params: ProductIdParamsSchema, response: { 200: ProductAnswerSchema } });
  routes.get('/product/:id', { schema: oneSchema }, async (request) => ({
    success: true as const,
    product: await app.products.byId(request.params.id),
  }));

  const relatedSchema = routeSchema(
    { tags, summary: 'Products of the same category as this one', errors: ['PRODUCT_NOT_FOUND'] },
    { params: ProductIdParamsSchema, response: { 200: ProductListAnswerSchema } },
  );
  routes.get('/product/:id/related', { schema: relatedSchema }, async (request) => ({
    success: true as const,
    products: await app.products.related(request.params.id),
  }));
}
