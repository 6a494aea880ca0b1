import { errorStatus, type ErrorAnswerFields, type ErrorCode } from '@greencart/shared';

/**
 * A known failure with a stable code from the shared catalogue (packages/shared/src/error-codes.ts),
 * which also fixes its HTTP status. Services throw these; the one error handler maps them to
 * `{ success: false, message, code }` with that status (plugins/error-handler.ts).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The fields at fault, as a validation failure names them (`body.name`). */
    readonly issues?: { path: string; message: string }[],
    /** A limit's refusal: when to try again, sent as `Retry-After` (whole seconds). */
    readonly retryAfterMs?: number,
    /** What the refusal tells a program beside its message (the amounts it names), sent in the answer. */
    readonly answer?: ErrorAnswerFields,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus(code);
  }
}
