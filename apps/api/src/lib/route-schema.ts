import { ANY_ROUTE_ERROR_CODES, ERROR_CODES, ErrorAnswerSchema, type ErrorCode } from '@greencart/shared';
import { z } from 'zod';

/**
 * The refusals of the session checks (plugins/auth.ts) and of a write (origin check, retried transaction; a body
 * sent to a write is read as JSON, so one that is not JSON or not UTF-8 answers 400 even where the call takes none).
 */
export const USER_CALL = ['NOT_AUTHENTICATED'] as const satisfies ErrorCode[];
export const SELLER_CALL = ['NOT_AUTHENTICATED', 'FORBIDDEN'] as const satisfies ErrorCode[];
export const WRITE_CALL = ['VALIDATION_FAILED', 'CROSS_SITE_REQUEST', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'DATABASE_BUSY'] as const satisfies ErrorCode[];
/** A seller call that changes something: a pending or suspended shop is refused (issue 26). */
export const SELLER_WRITE = [...SELLER_CALL, 'SHOP_NOT_APPROVED'] as const satisfies ErrorCode[];
/** A call only the marketplace's operator may make (issue 26). */
export const OPERATOR_CALL = [...SELLER_CALL, 'OPERATOR_ONLY'] as const satisfies ErrorCode[];

interface RouteDoc {
  tags: string[];
  summary: string;
  /** What its success answer is, for the document; the summary when not given (an answer whose schema is described keeps its own). */
  answer?: string;
  /** The codes this call can refuse with; VALIDATION_FAILED (when it takes input) and INTERNAL_ERROR are added. */
  errors?: readonly ErrorCode[];
  /** Its input is never refused: a browser's navigation that takes what does not read as valid somewhere (a redirect), no 400. */
  redirectsBadInput?: true;
}

/**
 * The error body's `code` of one status of a call, as the document types it: one of `codes` (the call's, and those any
 * call may answer with that status) or a Fastify `FST_…` code. The type is documentation only: the schema that checks
 * the body keeps a string, so an unforeseen refusal is still sent, never turned into a serialization failure (0114).
 */
const errorCodeOf = (codes: string[]) =>
  z.string().meta({ description: 'A code of the shared catalogue (ERROR_CODES), or Fastify\'s own FST_… code', anyOf: [{ enum: codes }, { pattern: '^FST_' }] });

/**
 * A route's schema with its documentation (docs/decisions/0114): its refusals grouped by status, each
 * status answering the error body with its codes (`errorCodeOf`), listed in the description and as `x-error-codes`
 * for tools; the codes a route names are its contract for clients.
 */
export function routeSchema<S extends { body?: unknown; querystring?: unknown; params?: unknown; response: Record<number, unknown> }>(
  doc: RouteDoc,
  schema: S,
) {
  const takesInput = !doc.redirectsBadInput && (schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined);
  const codes = [...new Set<ErrorCode>([...(takesInput ? (['VALIDATION_FAILED'] as const) : []), ...(doc.errors ?? []), 'INTERNAL_ERROR'])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  const errorResponses: Record<number, unknown> = {};
  for (const [status, statusCodes] of byStatus) {
    // A refusal body of the route's own (the import's, with its rows' issues) gets the typed code too; a page it writes stays.
    const own = schema.response[status];
    if (own !== undefined && !(own instanceof z.ZodObject)) continue;
    const anyCall = ANY_ROUTE_ERROR_CODES.filter((code) => ERROR_CODES[code].status === status && !statusCodes.includes(code));
    errorResponses[status] = (own ?? ErrorAnswerSchema).extend({ code: errorCodeOf([...statusCodes, ...anyCall]) }).meta({
      description: statusCodes.map((code) => `${code}: ${ERROR_CODES[code].description}`).join('\n'),
    });
  }
  // Fastify's document says "Default Response" for an answer whose schema has no description (a probe: 69 of 86).
  const successResponses: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response)) {
    if (!/^[23]/.test(status) || !(answer instanceof z.ZodType) || z.globalRegistry.get(answer)?.description) continue;
    successResponses[Number(status)] = answer.meta({ description: doc.answer ?? doc.summary });
  }
  return {
    tags: doc.tags,
    summary: doc.summary,
    description: `Errors: ${codes.map((code) => `${code} (${ERROR_CODES[code].status})`).join(', ')}.`,
    'x-error-codes': codes.map((code) => ({ code, status: ERROR_CODES[code].status })),
    ...schema,
    response: { ...schema.response, ...successResponses, ...errorResponses },
  };
}

/**
 * A body the route writes itself (a CSV or NDJSON stream, ready-made JSON text, a page): described for
 * the document under its content type. Fastify sends strings, buffers and streams as they are, without
 * calling the route's serializer, so nothing is re-encoded (see the OpenAPI test).
 */
export const written = (contentType: string, schema: z.ZodType, description: string) => ({ description, content: { [contentType]: { schema } } });

/**
 * A multipart form the route reads part by part: Fastify leaves the body null, so the validator gets a
 * schema that takes anything, carrying the form's fields for the document only.
 */
export function multipartForm(form: z.ZodObject) {
  const { $schema: _dialect, ...fields } = z.toJSONSchema(form, { io: 'input' });
  return { consumes: ['multipart/form-data'], body: z.any().meta(fields) };
}

/** An answer without a body (a 304, a redirect): `type: null` keeps the document from inventing one. */
export const noBody = (description: string) => z.null().meta({ description });

/** A file in a multipart form or a binary answer: `format: binary` in the document. */
export const BinarySchema = z.string().meta({ format: 'binary' });
