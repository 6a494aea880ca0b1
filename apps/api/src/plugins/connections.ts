import type { Server, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Connection limits (docs/decisions/0007-connection-limits-and-shutdown.md): a socket that never sends
 * its headers is closed after HEADERS_TIMEOUT_MS, and open connections are capped below the open-file
 * limit, so idle or slow clients cannot take the store down for everyone.
 */

/** A whole request (headers and body, e.g. a product's images on a slow link) must arrive within this. */
const REQUEST_TIMEOUT_MS = 120_000;

export function connectionOptions(limits: { headersTimeoutMs: number }): { http: ServerOptions; requestTimeout: number; return503OnClosing: false } {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the timeouts on this interval (30 s by default, which let silent sockets live 90 s).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, limits.headersTimeoutMs),
    // Fastify's own 503 body breaks the shop's error contract; closeGracefully sends ours.
    return503OnClosing: false as const,
  };
}

/** Beyond the cap Node closes new connections at once; the others keep being served. */
export function capConnections(app: FastifyInstance, maxConnections: number) {
  app.server.maxConnections = maxConnections;
}

/**
 * Shutdown that finishes what the store already received. Node's server.close() stops listening (the
 * kernel resets connections still queued for accept) and destroys every connection whose request it
 * has not parsed yet. On PGlite the database works on the event loop's thread, so under load many
 * received requests sit unread in socket buffers: close() reset them. So before closing, the loop takes
 * in what the kernel holds; requests arriving from then on get the shop's 503, told to retry, and the
 * connection closes so the client's retry lands on a live instance.
 * Register after the security headers (plugins/security-headers.ts) so the 503 keeps the security headers.
 */
export function closeGracefully(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    if (app.server.listening) await takeInPending(app.server);
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ success: false, message: 'The shop is restarting. Please retry in a few seconds.', code: 'SHUTTING_DOWN' });
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the event loop until a pass accepts no new connection: accepting happens in one turn, reading
 * the accepted socket's request in the next. Bounded, as a client may keep connecting.
 */
async function takeInPending(server: Server) {
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  try {
    for (let pass = 0; pass < 20; pass++) {
      const before = accepted;
      await nextTurn();
      await nextTurn();
      if (accepted === before) return;
    }
  } finally {
    server.off('connection', count);
  }
}
