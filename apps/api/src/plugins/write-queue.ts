import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fifoGate } from '../lib/fifo-gate.js';

/** Requests that may write, admitted at once: enough to overlap Node's work with the database's, few enough not to crowd it. */
export const PGLITE_WRITES_AT_ONCE = 4;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Embedded PGlite answers one statement at a time for the whole process. With 100 shoppers checking out at
 * once, each request's statements queued behind every other request's: a request of k statements waited k
 * times for the whole crowd, and the unlucky far longer than the average (p99 1,844 ms at 100 clients,
 * 112 ms at 20). Requests that may write are admitted in arrival order, `atOnce` at a time, and wait once,
 * before their body is read; admitted, their statements meet only a few others (issue 25, decision 0108).
 *
 * An admitted request starts on the event loop's next turn, never at once (decision 0136). Before PGlite had a
 * thread of its own (0202, whose answers are events that let I/O in; the turn costs little and keeps the order),
 * it answered on this thread, in promise callbacks: a request started at once ran to its end before Node read
 * another socket, so nothing ever waited in the line (in a 100-client bench, 99 % of requests were admitted on
 * arrival) and the real line was the unread sockets, served in whatever order they were read. Under load
 * that starved some connections for seconds (p99 5.6 s at a p50 of 256 ms). Started on the next turn, every
 * request that has arrived meanwhile is read and joins the line first, behind those already waiting.
 * PostgreSQL runs statements side by side on its pool and needs no such queue.
 */
export function registerWriteQueue(app: FastifyInstance, atOnce = PGLITE_WRITES_AT_ONCE) {
  const gate = fifoGate(atOnce);
  app.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method)) return done();
    const ticket = gate.enter();
    // The answer sent, or the client gone: the place goes to the next in line (or the line loses one).
    reply.raw.once('close', ticket.leave);
    void ticket.ready.then(() => nextTurn()).then(() => done());
  });
}
