import type { ApiErrorCode, ErrorAnswerFields, FrameworkErrorCode } from '@greencart/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, isStorageFull } from '../db/retry.js';
import { AppError } from '../lib/app-error.js';
import { messagePage } from '../lib/message-page.js';
import { bodyTooLarge } from './body-limits.js';
import { setSecurityHeaders } from './security-headers.js';

interface ErrorBody extends ErrorAnswerFields {
  success: false;
  message: string;
  code: ApiErrorCode;
  issues?: { path: string; message: string }[];
}

/**
 * The shop's error contract: every failure answers `{ success: false, message, code, issues? }`, and the fields an
 * AppError gives beside (`shortOfMinimum`).
 * Validation -> 400 naming the field; AppError -> its status; Fastify's own 4xx keep theirs;
 * anything else -> 500 with a generic message (the details go to the log only).
 */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({ success: false, message: `No such route: ${request.method} ${path}`, code: 'ROUTE_NOT_FOUND' } satisfies ErrorBody);
}

/** The longest framework message passed on (the shop's own messages are short). */
const MESSAGE_MAX = 200;

/** A path segment can be a client-chosen key (a cart's product id): never echo a huge one back. */
const shortSegment = (segment: string) => (segment.length > 60 ? `${segment.slice(0, 57)}...` : segment);

/** The answer to a call that failed with `err`: its status and the shop's error body (every refusal, 4xx or 5xx; 5xx details go to the log only). */
export function errorAnswer(err: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const query = request.query as Record<string, unknown> | undefined;
    const issues = err.validation.map((v) => {
      const segments = String(v.instancePath).split('/').filter(Boolean);
      // `?q=a&q=b` arrives as a list, which no query parameter takes: said so, whatever the schema's message for it
      // (zod's "expected string, received array", "limit must be a number", "Unknown order status": probes).
      const repeated = err.validationContext === 'querystring' && segments.length === 1 && Array.isArray(query?.[segments[0]!]);
      return {
        path: [err.validationContext, ...segments.map(shortSegment)].filter(Boolean).join('.'),
        message: repeated ? `Give ${shortSegment(segments[0]!)} once` : (v.message ?? 'is invalid'),
      };
    });
    const first = issues[0];
    const field = first?.path.replace(/^body\.?/, '');
    const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
    return { status: 400, body: { success: false, message, code: 'VALIDATION_FAILED', issues } };
  }
  // A chunked body (no Content-Length) over the limit is found by Fastify's reader: the same answer as a declared one.
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return errorAnswer(bodyTooLarge(request.routeOptions.bodyLimit), request);
  // A code of the shop's catalogue, so the calls' documents list it (it answered Fastify's FST_ERR_CTP_INVALID_MEDIA_TYPE).
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { success: false, message: 'Unsupported Media Type: send the body as JSON (or multipart for uploads)', code: 'UNSUPPORTED_MEDIA_TYPE' } };
  }
  if (err instanceof AppError) {
    return { status: err.status, body: { success: false, message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}), ...err.answer } };
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status < 500) {
    // Fastify's own client errors (bad JSON, unsupported media type, multipart limits) keep their FST_ codes.
    const code = err.code?.startsWith('FST_') ? (err.code as FrameworkErrorCode) : 'BAD_REQUEST';
    // Some of Fastify's messages quote the request (a 9 kB address): the caller gets the start of it.
    const message = err.message.length > MESSAGE_MAX ? `${err.message.slice(0, MESSAGE_MAX - 1)}…` : err.message;
    return { status, body: { success: false, message, code } };
  }
  if (isDatabaseUnreachable(err)) {
    // One line, not a stack per request: a balancer's health checks would flood the log while the database is away.
    request.log.warn({ reason: err.message.split('\n')[0] }, 'the database cannot be reached');
    return { status: 503, body: { success: false, message: 'The shop cannot reach its database right now. Please try again in a moment.', code: 'DATABASE_UNAVAILABLE' } };
  }
  if (isStorageFull(err)) {
    // What the call was writing is not kept (a transaction rolled back, an image's files all or none): an operator must make room.
    request.log.error({ reason: err.message.split('\n')[0] }, 'the disk is full: nothing can be saved until room is made');
    return { status: 507, body: { success: false, message: 'The shop cannot save anything right now: its storage is full. Please try again later.', code: 'STORAGE_FULL' } };
  }
  request.log.error({ err }, 'request failed');
  return { status: 500, body: { success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } };
}

/** A read of an address outside the API: one of the web app's, or none. */
export const readsPageAddress = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');

/**
 * A browser or a link preview asking for a page (not the API): a client route gets the app, an unknown or refused address
 * a page with its status. A link preview accepting any type is asked for a page too (it got a JSON 404: a crawler
 * probe), unless JSON is asked for by name.
 */
export const wantsPage = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return readsPageAddress(request) && (accept.includes('text/html') || (accept.includes('*/*') && !accept.includes('application/json')));
};

/** The page of a refused address (a URL that does not decode, a NUL in it): what happened, and the way home. */
const ADDRESS_REFUSED_PAGE = messagePage({
  title: 'This address cannot be read',
  text: 'The link has characters the shop cannot read. Check it, or start again from the home page.',
  link: { href: '/', label: "Go to GreenCart's home page" },
});

function send(request: FastifyRequest, reply: FastifyReply, { status, body }: { status: number; body: ErrorBody }) {
  if (status === 400 && wantsPage(request)) return reply.status(status).type('text/html; charset=utf-8').send(ADDRESS_REFUSED_PAGE);
  return reply.status(status).send(body);
}

/** Registers the one error handler (see apiNotFound for unknown routes). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((err, request, reply) => {
    if (err instanceof AppError && err.retryAfterMs !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
    return send(request, reply, errorAnswer(err, request));
  });
}

/**
 * Fastify's `frameworkErrors`: failures it meets before routing (a URL that does not decode, such
 * as `/%ff`). No hook has run for these, so the security headers are set here, and the reply's
 * own send pipeline would use Fastify's default error body: the shop's body is sent instead.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  return send(request, reply, errorAnswer(err, request));
}
