import {
  CatalogueQuerySchema,
  CataloguePageSchema,
  ProductAnswerSchema,
  ProductIdParamsSchema,
  ProductListAnswerSchema,
  ProductsByIdsQuerySchema,
} from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chooseListEncoding, notModified } from './catalogue-list.js';

/**
 * The catalogue. `GET /product/list` is the spec's call (every product, for its contract and the
 * original client); the shop's own pages use the paged queries below (issue 15, docs/decisions/0013).
 */
export async function productRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // One body kept per catalogue version in each coding (docs/decisions/0099): the compression plugin,
  // which would compress 42.8 MB per request, stays out of it.
  app.get('/product/list', { compress: false }, async (request, reply) => {
    const list = await app.products.listBody();
    const encoding = chooseListEncoding(request.headers['accept-encoding']);
    // no-cache: a browser may keep the list but asks each time, and a 304 costs nothing to send.
    reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').header('etag', list.etags[encoding]);
    if (notModified(request.headers['if-none-match'], list)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(list.bodies[encoding]);
  });

  routes.get('/product/search', { schema: { querystring: CatalogueQuerySchema, response: { 200: CataloguePageSchema } } }, async (request) => ({
    success: true as const,
    ...(await app.products.search(request.query)),
  }));

  routes.get('/product/best-sellers', { schema: { response: { 200: ProductListAnswerSchema } } }, async () => ({
    success: true as const,
    products: await app.products.bestSellers(),
  }));

  routes.get('/product/by-ids', { schema: { querystring: ProductsByIdsQuerySchema, response: { 200: ProductListAnswerSchema } } }, async (request) => ({
    success: true as const,
    products: await app.products.byIds(request.query.ids),
  }));

  routes.get('/product/:id', { schema: { params: ProductIdParamsSchema, response: { 200: ProductAnswerSchema } } }, async (request) => ({
    success: true as const,
    product: await app.products.byId(request.params.id),
  }));

  routes.get('/product/:id/related', { schema: { params: ProductIdParamsSchema, response: { 200: ProductListAnswerSchema } } }, async (request) => ({
    success: true as const,
    products: await app.products.related(request.params.id),
  }));
}
