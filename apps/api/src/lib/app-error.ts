/**
 * A known failure with a stable code. Services throw these; the one error handler maps them to
 * `{ success: false, message, code }` with their HTTP status (plugins/error-handler.ts).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(code, 404, message);
export const badRequest = (code: string, message: string) => new AppError(code, 400, message);
export const conflict = (code: string, message: string) => new AppError(code, 409, message);
