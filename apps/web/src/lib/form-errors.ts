import { ApiError } from './api-client';

/** Field name -> first message, for messages shown next to form fields. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Both the browser's zod issues (path `['zipcode']`) and the server's 400 issues (path
 * `'body.address.zipcode'`) name the field by their last path segment.
 */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String((typeof issue.path === 'string' ? issue.path.split('.') : issue.path).at(-1) ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A failed call's field messages (a 400 with issues), or none: the client has toasted the message. */
export const serverFieldErrors = (err: unknown): FieldErrors => (err instanceof ApiError ? toFieldErrors(err.issues) : {});
