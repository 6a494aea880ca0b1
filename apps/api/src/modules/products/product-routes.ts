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

/** True when an Accept-Encoding header takes gzip (by name or `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The catalogue. `GET /product/list` is the spec's call (every product, for its contract and the
 * original client); the shop's own pages use the paged queries below (issue 15, docs/decisions/0013).
 */
export async function productRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The catalogue's body is gzipped once per rebuild; the compression plugin leaves an encoded reply alone.
  app.get('/product/list', async (request, reply) => {
    const { body, gzipped } = await app.products.listBody();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return body;
    return reply.header('content-encoding', 'gzip').send(gzipped);
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
