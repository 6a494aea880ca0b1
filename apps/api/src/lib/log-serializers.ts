/**
 * How the log writes an error (the logger's `err` serializer): its type, message, stack, own fields and cause, as
 * pino's standard one does, without a failed query's bound values. Drizzle's error names every parameter in its
 * message ("Failed query: …\nparams: …") and keeps them in `params`: a password's hash, an e-mail, a session
 * token's hash reached the log whenever a query failed (found by a probe). The query's text stays.
 */
export function serializeError(err: Error, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  const withoutParams = (text: string | undefined) => (text ?? '').replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: (left out of the log)');
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) if (key !== 'params' && key !== 'cause') fields[key] = value;
  return {
    type: err.constructor.name,
    ...fields,
    message: withoutParams(err.message),
    stack: withoutParams(err.stack),
    ...(err.cause !== undefined ? { cause: err.cause instanceof Error && depth < 5 ? serializeError(err.cause, depth + 1) : err.cause } : {}),
  };
}

/** A request as the log writes it (Fastify's fields), its address without the values of secrets in its query. */
export function serializeRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    // The seller's e-mail confirmation link carries a token good for days (GET /api/seller/confirm?token=).
    url: request.url.replace(/([?&](?:token|key|secret)=)[^&#]*/gi, '$1(left out)'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
