import { useState, type FormEvent } from 'react';
import type { PasswordForgotInput } from '@greencart/shared';
import { api, type SessionKind } from '../lib/api-client';
import { loadFormSchemas, useForm } from '../lib/use-form';
import { FormField } from './form-field';

/**
 * POST /api/user/password/forgot or /api/seller/password/forgot: a link to set a new password, by e-mail; the same
 * answer for any e-mail, 429 past 5 asks from one address in 15 minutes.
 */
const askForPasswordLink = (account: SessionKind, input: PasswordForgotInput) =>
  api.post<{ message: string }>(`/api/${account}/password/forgot`, input, { session: account });

/**
 * "Forgot password?" of the shopper's login overlay and the seller's login page (decision 0254): the account's e-mail,
 * and the server's answer, the same for any e-mail, shown under it. A refusal (429) is toasted by the API client.
 */
export function PasswordLinkForm({ account, email, onBack, headingId, heading: Heading, className }: {
  account: SessionKind;
  /** What the login form held, so it need not be typed again. */
  email: string;
  onBack: () => void;
  headingId: string;
  heading: 'h1' | 'h2';
  className: string;
}) {
  const form = useForm({ email });
  const [answer, setAnswer] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loadFormSchemas().then((s) => s.PasswordForgotInputSchema.safeParse(form.values)), async (input) => {
      setAnswer((await askForPasswordLink(account, input)).message);
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className="m-auto text-2xl font-medium">
        <span className="text-primary-ink">Forgot</span> Password
      </Heading>
      <p>Enter the e-mail of your account: we send you a link to set a new password.</p>
      <FormField label="Email" type="email" autoComplete="email" placeholder="type here" autoFocus {...form.field('email')} />
      {answer && (
        <p role="status" className="rounded border border-green-200 bg-green-50 px-3 py-2 text-green-800">
          {answer}
        </p>
      )}
      <button type="submit" aria-disabled={form.submitting || undefined} className="h-10 w-full cursor-pointer rounded-md bg-primary-ink text-white hover:bg-primary-deep aria-disabled:opacity-60">
        {answer ? 'Send the link again' : 'Send link'}
      </button>
      <button type="button" onClick={onBack} className="min-h-10 cursor-pointer text-primary-ink underline">
        Back to login
      </button>
    </form>
  );
}
