import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** The real app listening on a local port, reached with raw sockets (what inject cannot show). */
async function listening(env: Record<string, string>) {
  const t = await buildTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
  return { t, port: address.port };
}

interface Socket {
  socket: net.Socket;
  received: () => string;
  /** Resolves with the ms from connect to close (a reset counts as closed too). */
  closed: Promise<number>;
}

function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    let openedAt = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - openedAt)));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      openedAt = Date.now();
      resolve({ socket, received: () => received, closed });
    });
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openConnections(t: TestApp) {
  return new Promise<number>((resolve, reject) => t.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
}

async function until(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

// One app for the file (opening a database is the slow part); the last test shuts it down.
describe('connection limits and shutdown', () => {
  let t: TestApp;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    ({ t, port } = await listening({ MAX_CONNECTIONS: '2', HEADERS_TIMEOUT_MS: '1500' }));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(() => t.close());

  it('closes a connection that sends no request within the headers timeout', async () => {
    const silent = await connect(port);
    sockets.push(silent.socket);
    const closedAfter = await Promise.race([silent.closed, sleep(6000).then(() => Infinity)]);
    expect(closedAfter).toBeGreaterThanOrEqual(1400);
    expect(closedAfter).toBeLessThan(4000);
  });

  it('closes connections beyond MAX_CONNECTIONS at once, and answers again when idle ones are timed out', async () => {
    await until(async () => (await openConnections(t)) === 0);
    const held = [await connect(port), await connect(port)];
    sockets.push(...held.map((h) => h.socket));
    await until(async () => (await openConnections(t)) === 2);

    const refused = await connect(port);
    sockets.push(refused.socket);
    const refusedAfter = await Promise.race([refused.closed, sleep(1000).then(() => Infinity)]);
    expect(refusedAfter).toBeLessThan(1000);
    expect(refused.received()).toBe('');
    expect(held[0]!.socket.destroyed).toBe(false);

    // The two silent sockets are closed by the headers timeout, which frees their slots.
    await Promise.all(held.map((h) => h.closed));
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  });

  it('answers a request arriving while the server shuts down with the shop error shape, Retry-After and Connection: close', async () => {
    await until(async () => (await openConnections(t)) === 0);
    const client = await connect(port);
    sockets.push(client.socket);
    // Half a request: the connection is busy, so the shutdown waits for it.
    client.socket.write('GET /api/product/list HTTP/1.1\r\nHost: localhost\r\n');
    await sleep(100);
    const closing = t.app.close();
    await sleep(100);
    client.socket.write('\r\n');
    await client.closed;
    await closing;

    const [head, body] = client.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/^retry-after: 5$/im);
    expect(head).toMatch(/^connection: close$/im);
    expect(head).toMatch(/^x-content-type-options: nosniff$/im);
    expect(JSON.parse(body!)).toEqual({ success: false, message: 'The shop is restarting. Please retry in a few seconds.', code: 'SHUTTING_DOWN' });
  });
});
