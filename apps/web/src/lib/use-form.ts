import { useRef, useState } from 'react';
import { ApiError } from './api-client';
import { focusFirstToMend, toFieldErrors, withoutErrors, type FieldErrors } from './form-errors';

type Parsed<D> = { success: true; data: D } | { success: false; error: { issues: Parameters<typeof toFieldErrors>[0] } };

/**
 * The one way a form of the shop keeps its text fields, their messages and its in-flight flag.
 * `field(name)` binds a FormField (changing it clears its message, and those of the fields `linked` to it: a pincode's
 * rule depends on the country); `submit` shows the browser's validation messages next to the
 * fields, or sends the valid data and shows the server's field messages (a 400's issues) if it refuses.
 */
export function useForm<T extends Record<string, string>>(initial: T, linked: Partial<Record<keyof T & string, string[]>> = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy: submitting, run } = useInFlight();

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    // A message goes once its field is changed: it stayed under the mended value until the next submit.
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((current) => withoutErrors(current, name, ...(linked[name] ?? [])));
    },
  });

  /** `parsing` may be a promise: the schemas load on first use (loadFormSchemas). */
  const submit = async <P extends Parsed<unknown>>(parsing: P | Promise<P>, send: (data: Extract<P, { success: true }>['data']) => Promise<void>) => {
    // The form being sent: the button or field pressed is in it (read now: a button disabled next loses the focus; the
    // storefront's are aria-disabled while `submitting` instead, keeping it, and `run` ignores a second press: 0258).
    const sent = document.activeElement?.closest('form');
    await run(async () => {
      try {
        const parsed = await parsing;
        if (!parsed.success) {
          const found = toFieldErrors(parsed.error.issues);
          setErrors(found);
          // In the form being sent: another form of the page (the newsletter's e-mail) may have a field of that name.
          focusFirstToMend(sent, found);
          return;
        }
        setErrors({});
        await send(parsed.data);
      } catch (err) {
        // A refusal's message has been toasted by the client; its issues go next to their fields, the focus to the first
        // (an e-mail already taken left it on the button: a probe).
        const found = err instanceof ApiError ? toFieldErrors(err.issues) : {};
        setErrors(found);
        focusFirstToMend(sent, found);
      }
    });
  };

  return { values, errors, submitting, field, submit, setErrors, reset: () => setValues(initial) };
}

/**
 * A form's in-flight flag, taken at the click itself: a state alone disables the button only after a render (and
 * the schemas' first load comes before it), so a second click sent the form twice (two accounts, addresses,
 * products, coupons). `run` does nothing while a task of the form is under way.
 */
export function useInFlight() {
  const [busy, setBusy] = useState(false);
  const taken = useRef(false);
  const run = async (task: () => Promise<void>) => {
    if (taken.current) return;
    taken.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      taken.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The forms' schemas, in a chunk of their own fetched on first use (form-schemas.ts). */
export const loadFormSchemas = () => import('./form-schemas');
