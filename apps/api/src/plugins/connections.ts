import net, { type Socket } from 'node:net';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { errorStatus, type ErrorCode } from '@greencart/shared';
import type { FastifyInstance } from 'fastify';
import { securityHeaders } from './security-headers.js';

/**
 * Connection limits and a stop that clients do not notice (docs/decisions/0007, 0094, 0095): a socket
 * that never finishes its headers is closed after HEADERS_TIMEOUT_MS, open connections are capped below
 * the open-file limit with the least recently active idle ones making room for newcomers, and stopping
 * lets kept-alive clients finish on their own connections.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the instance starts to stop (SIGTERM): /healthz answers 503 from then on. */
    readonly stopping: boolean;
  }
}

/** A whole request (headers and body, e.g. a product's images on a slow link) must arrive within this. */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * How long a stopping instance keeps an idle kept-alive connection open: a client that just had an
 * answer on it may already be writing its next request there (docs/decisions/0094).
 */
export const IDLE_GRACE_MS = 1_000;

/** Headers and body of a refusal Node's HTTP parser makes (the socket is closed after it). */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time' },
};
const MALFORMED = { code: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP' } as const;

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses (oversized headers, a request that did not
 * arrive in time, broken HTTP) never reaches a route or hook, so the shop's error shape, the security
 * headers and `Connection: close` are written here (docs/decisions/0047, 0095).
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // As Node's own handler: no second status line into an answer already under way on this socket.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || answering) {
    socket.destroy();
    return;
  }
  const { code, message } = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  const status = errorStatus(code);
  const body = JSON.stringify({ success: false, message, code });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(securityHeaders()).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

export function connectionOptions(limits: { headersTimeoutMs: number }) {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the timeouts on this interval (30 s by default, which let silent sockets live 90 s).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    } satisfies ServerOptions,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, limits.headersTimeoutMs),
    // Requests on open connections are served while stopping (closeGracefully), not refused.
    return503OnClosing: false as const,
    clientErrorHandler: answerClientError,
  };
}

export interface ConnectionTable {
  /** Connections with no request in flight (never sent one, or kept alive after their answers). */
  idleCount(): number;
  /** From now on every answer, including those under way, carries `Connection: close`. */
  closeAfterAnswers(): void;
}

/**
 * The cap on open connections (MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS; docs/decisions/0095).
 * Node's own `server.maxConnections` closes the newcomer, so a few thousand silent sockets locked
 * every new client out. Here a newcomer beyond a cap closes the least recently active idle connection
 * (of its own address when that address is over its cap) and is itself closed only when every other
 * one is busy with a request. The cap stays below the open-file limit, so accepting never fails.
 * `perAddress` undefined: no per-address cap (behind trusted proxies every connection is a proxy's).
 */
export function limitConnections(server: Server, caps: { total: number; perAddress: number | undefined }): ConnectionTable {
  const open = new Map<Socket, { address: string; inFlight: number }>();
  // Insertion order is the order in which connections became idle: the first is the least recently active.
  const idle = new Set<Socket>();
  const addresses = new Map<string, { open: number; idle: Set<Socket> }>();
  const answering = new Set<ServerResponse>();
  let closeAll = false;

  const setIdle = (socket: Socket, address: string, isIdle: boolean) => {
    const entry = addresses.get(address);
    if (isIdle) {
      idle.add(socket);
      entry?.idle.add(socket);
    } else {
      idle.delete(socket);
      entry?.idle.delete(socket);
    }
  };
  /** Out of every count at once (a destroyed socket's 'close' comes a turn later). */
  const forget = (socket: Socket) => {
    const connection = open.get(socket);
    if (!connection) return;
    open.delete(socket);
    setIdle(socket, connection.address, false);
    const entry = addresses.get(connection.address)!;
    if (--entry.open === 0) addresses.delete(connection.address);
  };
  /** Closes the first (least recently active) of `candidates`; false when that is the newcomer itself. */
  const makeRoom = (candidates: Set<Socket>, newcomer: Socket) => {
    const oldest = candidates.values().next().value;
    if (oldest === undefined || oldest === newcomer) return false;
    forget(oldest);
    oldest.destroy();
    return true;
  };
  const refuse = (socket: Socket) => {
    forget(socket);
    socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const entry = addresses.get(address) ?? { open: 0, idle: new Set<Socket>() };
    addresses.set(address, entry);
    entry.open++;
    open.set(socket, { address, inFlight: 0 });
    setIdle(socket, address, true);
    socket.once('close', () => forget(socket));
    if (caps.perAddress !== undefined && entry.open > caps.perAddress && !makeRoom(entry.idle, socket)) return refuse(socket);
    if (open.size > caps.total && !makeRoom(idle, socket)) refuse(socket);
  });

  // Before Fastify's handler, so that `Connection: close` is set before any answer can be written.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const connection = open.get(socket);
    if (!connection) return;
    connection.inFlight++;
    setIdle(socket, connection.address, false);
    if (closeAll) response.setHeader('connection', 'close');
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      if (--connection.inFlight === 0 && open.has(socket) && !socket.destroyed) setIdle(socket, connection.address, true);
    });
  });

  return {
    idleCount: () => idle.size,
    closeAfterAnswers() {
      closeAll = true;
      for (const response of answering) if (!response.headersSent) response.setHeader('connection', 'close');
    },
  };
}

/** How long stopping goes on taking in connections the kernel already holds (see takeInPending). */
const TAKE_IN_LIMIT_MS = 2_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A stop that kept-alive clients do not notice (docs/decisions/0007, 0094). From `preClose` on:
 * 1. `app.stopping` is true (/healthz answers 503, so a balancer sends no more) and every answer,
 *    including those under way, carries `Connection: close`: a client sends nothing more on it.
 *    For `drainMs` (SHUTDOWN_DRAIN_MS) the instance goes on listening and serving, so the balancer's
 *    health checks see the 503 and it stops sending before the instance stops listening.
 * 2. The event loop takes in what the kernel holds (under load, accepted connections and written
 *    requests wait there), then the instance stops listening: a new connection is refused, which a
 *    client or balancer can retry elsewhere as nothing was sent.
 * 3. Idle kept-alive connections stay open for up to IDLE_GRACE_MS: a request a client writes on one
 *    meanwhile is served and answered with `Connection: close`. Only then does Fastify's close run,
 *    whose `server.close()` closes the connections still idle (Node counts a connection with part of a
 *    request received as busy) and waits for the busy ones.
 * Node's `server.close()` alone closes idle connections at once, resetting the requests clients were
 * writing on them; hence stopping to listen through `net.Server`'s close, which leaves them open.
 * Register after the security headers and before the routes.
 */
export function closeGracefully(app: FastifyInstance, connections: ConnectionTable, options: { drainMs: number }) {
  let stopping = false;
  app.decorate('stopping', {
    getter: () => stopping,
  });
  app.addHook('preClose', async () => {
    stopping = true;
    connections.closeAfterAnswers();
    if (!app.server.listening) return;
    await sleep(options.drainMs);
    await takeInPending(app.server);
    net.Server.prototype.close.call(app.server);
    const deadline = Date.now() + IDLE_GRACE_MS;
    while (connections.idleCount() > 0 && Date.now() < deadline) await sleep(20);
  });
}

/**
 * Runs the event loop until a pass accepts no new connection: accepting happens in one turn, reading
 * the accepted socket's request in the next. 50 connections written just before SIGTERM were taken in
 * one or two a pass, over more than 20 passes (the bound before, which reset the rest). Bounded in
 * time, as clients may keep connecting.
 */
async function takeInPending(server: Server) {
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  const deadline = Date.now() + TAKE_IN_LIMIT_MS;
  try {
    while (Date.now() < deadline) {
      const before = accepted;
      await nextTurn();
      await nextTurn();
      if (accepted === before) return;
    }
  } finally {
    server.off('connection', count);
  }
}
