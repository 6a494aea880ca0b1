/** Field name -> first message, for messages shown next to form fields. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Both the browser's zod issues (path `['zipcode']`) and the server's 400 issues (path
 * `'body.address.zipcode'`) name the field by their last path segment that is not a list index
 * (a description line's issue, path `['description', 3]`, belongs to the description field).
 */
export function toFieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const segments = (typeof issue.path === 'string' ? issue.path.split('.') : issue.path).map(String);
    const field = segments.findLast((segment) => !/^\d+$/.test(segment)) ?? '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * `errors` without the messages of `fields` and of what is nested under them (`windows.0` takes `windows.0.end` too),
 * the same object when none had one: a field being mended says nothing stale.
 */
export function withoutErrors(errors: FieldErrors, ...fields: string[]): FieldErrors {
  const mended = (key: string) => fields.some((field) => key === field || key.startsWith(`${field}.`));
  if (!Object.keys(errors).some(mended)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !mended(key)));
}

/**
 * Gives the focus to the first field of `form` to mend, in the page's order (found by its name): it is on screen (on a
 * phone the messages sat below the fold, or under the chat) and a screen reader reads its message (a probe heard none).
 */
export function focusFirstToMend(form: Element | null | undefined, errors: FieldErrors) {
  [...(form?.querySelectorAll<HTMLElement>('[name]') ?? [])].find((field) => errors[field.getAttribute('name')!])?.focus();
}
