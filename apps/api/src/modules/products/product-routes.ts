import type { FastifyInstance } from 'fastify';

export async function productRoutes(app: FastifyInstance) {
  app.get('/product/list', async (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    return app.products.listBody();
  });
}
