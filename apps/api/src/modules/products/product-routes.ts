import type { FastifyInstance } from 'fastify';

/** True when an Accept-Encoding header takes gzip (by name or `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export async function productRoutes(app: FastifyInstance) {
  // The catalogue's body is gzipped once per rebuild; the compression plugin leaves an encoded reply alone.
  app.get('/product/list', async (request, reply) => {
    const { body, gzipped } = await app.products.listBody();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return body;
    return reply.header('content-encoding', 'gzip').send(gzipped);
  });
}
