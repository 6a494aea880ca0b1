import type { ApiErrorCode, FrameworkErrorCode } from '@greencart/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { setSecurityHeaders } from './security-headers.js';

interface ErrorBody {
  success: false;
  message: string;
  code: ApiErrorCode;
  issues?: { path: string; message: string }[];
}

/**
 * The shop's error contract: every failure answers `{ success: false, message, code, issues? }`.
 * Validation -> 400 naming the field; AppError -> its status; Fastify's own 4xx keep theirs;
 * anything else -> 500 with a generic message (the details go to the log only).
 */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({ success: false, message: `No such route: ${request.method} ${path}`, code: 'ROUTE_NOT_FOUND' } satisfies ErrorBody);
}

/** A path segment can be a client-chosen key (a cart's product id): never echo a huge one back. */
const shortSegment = (segment: string) => (segment.length > 60 ? `${segment.slice(0, 57)}...` : segment);

/** The shop's answer to a failure: its status and error body (5xx details go to the log only). */
function errorAnswer(err: FastifyError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean).map(shortSegment)].filter(Boolean).join('.'),
      message: v.message ?? 'is invalid',
    }));
    const first = issues[0];
    const field = first?.path.replace(/^body\.?/, '');
    const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid request';
    return { status: 400, body: { success: false, message, code: 'VALIDATION_FAILED', issues } };
  }
  if (err instanceof AppError) {
    return { status: err.status, body: { success: false, message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) } };
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status < 500) {
    // Fastify's own client errors (bad JSON, unsupported media type, multipart limits) keep their FST_ codes.
    const code = err.code?.startsWith('FST_') ? (err.code as FrameworkErrorCode) : 'BAD_REQUEST';
    return { status, body: { success: false, message: err.message, code } };
  }
  request.log.error({ err }, 'request failed');
  return { status: 500, body: { success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } };
}

/** Registers the one error handler (see apiNotFound for unknown routes). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((err, request, reply) => {
    const { status, body } = errorAnswer(err, request);
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: failures it meets before routing (a URL that does not decode, such
 * as `/%ff`). No hook has run for these, so the security headers are set here, and the reply's
 * own send pipeline would use Fastify's default error body: the shop's body is sent instead.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  const { status, body } = errorAnswer(err, request);
  return reply.status(status).send(body);
}
