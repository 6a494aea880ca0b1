import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { resendConfirmation } from '../api/resend-confirmation';

/** Asks for a new confirmation link (the API client toasts a refusal such as 429; the answer is toasted here). */
function useResend() {
  const [sending, setSending] = useState(false);
  const resend = async (email: string) => {
    setSending(true);
    try {
      toast.success((await resendConfirmation({ email })).message);
    } catch {
      // Toasted by the API client.
    } finally {
      setSending(false);
    }
  };
  return { sending, resend };
}

/** Just after applying: the link did not arrive, ask for it again. */
export function ResendLink({ email }: { email: string }) {
  const { sending, resend } = useResend();
  return (
    <p>
      No e-mail?{' '}
      <button type="button" onClick={() => void resend(email)} disabled={sending} className="cursor-pointer font-medium text-primary-ink underline disabled:opacity-60">
        Send the link again
      </button>
    </p>
  );
}

/** An expired link (docs/decisions/0235): the applicant gives the e-mail it applied with and gets a new one. */
export function NewLinkForm() {
  const { sending, resend } = useResend();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void resend(String(new FormData(event.currentTarget).get('email')));
  };
  return (
    <form onSubmit={onSubmit} aria-label="Ask for a new link" className="flex flex-col gap-3">
      <FormField label="Email you applied with" name="email" type="email" autoComplete="email" required />
      <button type="submit" disabled={sending} className="w-max cursor-pointer rounded-md border border-primary-ink px-6 py-2.5 font-medium text-primary-ink hover:bg-primary/10 disabled:opacity-60">
        {sending ? 'Sending…' : 'Send a new link'}
      </button>
    </form>
  );
}
