import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWriteQueue } from './write-queue.js';

/** A shop whose write takes a while and records how many run at once, and in which order they started. */
async function shopWithSlowWrites(atOnce: number) {
  const app = Fastify();
  registerWriteQueue(app, atOnce);
  const seen = { running: 0, most: 0, started: [] as number[] };
  const work = async (n: number) => {
    seen.started.push(n);
    seen.running += 1;
    seen.most = Math.max(seen.most, seen.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.running -= 1;
    return { n };
  };
  app.post<{ Body: { n: number } }>('/write', (request) => work(request.body.n));
  app.get<{ Querystring: { n: string } }>('/read', (request) => work(Number(request.query.n)));
  await app.ready();
  return { app, seen };
}

describe('the write queue of the embedded database (issue 25, item 8)', () => {
  it('admits writes a few at a time, in arrival order, and answers every one', async () => {
    const { app, seen } = await shopWithSlowWrites(4);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => app.inject({ method: 'POST', url: '/write', payload: { n } })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    expect(seen.most).toBe(4);
    expect(seen.started).toEqual(Array.from({ length: 40 }, (_, n) => n));
    await app.close();
  });

  it('lets reads through without waiting behind writes', async () => {
    const { app, seen } = await shopWithSlowWrites(1);
    const writes = Array.from({ length: 10 }, (_, n) => app.inject({ method: 'POST', url: '/write', payload: { n } }));
    const read = await app.inject({ method: 'GET', url: '/read?n=99' });
    expect(read.statusCode).toBe(200);
    // The read started while writes were still waiting their turn.
    expect(seen.started.indexOf(99)).toBeLessThan(9);
    await Promise.all(writes);
    await app.close();
  });

  it('gives the place of a client that left while waiting to the next one, so the queue never stalls', async () => {
    const { app } = await shopWithSlowWrites(1);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const post = (n: number, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }), signal });
    const first = post(0);
    const leaving = new AbortController();
    const gone = post(1, leaving.signal).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 1));
    leaving.abort();
    expect(await gone).toBe('aborted');
    const answers = await Promise.all([first, ...Array.from({ length: 5 }, (_, i) => post(i + 2))]);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    await app.close();
  });

  it('lines up every write that has arrived before starting one, even when the database answers on this thread (as PGlite did before decision 0202)', async () => {
    const app = Fastify();
    const events: string[] = [];
    // Registered before the queue: the moment each request is read off its socket.
    app.addHook('onRequest', (request, _reply, done) => {
      events.push(`arrived ${String(request.headers['x-n'])}`);
      done();
    });
    registerWriteQueue(app, 1);
    app.post('/write', async (request) => {
      events.push(`started ${String(request.headers['x-n'])}`);
      // PGlite's work: promise callbacks only, holding the thread (no timer, no I/O in between).
      await Promise.resolve();
      const until = performance.now() + 20;
      while (performance.now() < until);
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const sockets = await Promise.all([0, 1, 2].map(() => new Promise<net.Socket>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    })));
    const sendAll = async (n: (i: number) => string) => {
      const answered = sockets.map((socket) => new Promise((resolve) => socket.once('data', resolve)));
      sockets.forEach((socket, i) => socket.write(`POST /write HTTP/1.1\r\nhost: shop\r\nx-n: ${n(i)}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`));
      await Promise.all(answered);
    };
    // Each connection answered once first, so the server holds all three, idle and kept alive.
    await sendAll((i) => `warm ${i}`);
    events.length = 0;
    // Three shoppers' requests, all in the server's socket buffers before it reads any.
    await sendAll(String);
    expect(events).toEqual(['arrived 0', 'arrived 1', 'arrived 2', 'started 0', 'started 1', 'started 2']);
    for (const socket of sockets) socket.destroy();
    await app.close();
  });
});
