import type { User } from '@greencart/shared';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { session } from '../../../lib/session';
import { loginShopper } from '../api/login';
import { PasswordLinkForm } from '../../../components/password-link-form';
import { registerShopper } from '../api/register';

type Mode = 'login' | 'register' | 'forgot';

/**
 * The Login / Sign Up overlay of spec section 2, shown while `showUserLogin` is set. Success stores
 * the user (the cart merges the visitor's lines), closes the overlay and goes to `/`; a failure's message is
 * toasted by the API client and said inside the dialog (the page behind it, the toast's too, is out of a screen
 * reader's reach while it is open: a probe heard nothing); field messages show next to their fields.
 */
export function LoginModal() {
  const setShowUserLogin = session.setShowUserLogin;
  const navigate = useNavigate();
  const headingId = useId();
  const [mode, setMode] = useState<Mode>('login');
  const form = useForm({ name: '', email: '', password: '' });
  const [refusal, setRefusal] = useState('');

  const close = () => setShowUserLogin(false);

  const switchTo = (next: Mode) => {
    setMode(next);
    form.setErrors({});
    setRefusal('');
  };

  const loggedIn = (user: User) => {
    // Signed in, with no toast of its own: the refusals before it ("An account with this email already exists") go, as a
    // success's toast takes them (decision 0255; one stayed over the home page: a probe).
    void import('../../../lib/toaster').then(({ settleErrors }) => settleErrors());
    // The cart's store hears this and merges the visitor's cart into the account's. Drawn at once, so the focus can be placed.
    flushSync(() => {
      session.signIn(user, true);
      setShowUserLogin(false);
    });
    // The dialog gave the focus back to its opener; the navbar's Login it was is gone, and Account is in its place
    // (on /, the path does not change and no page takes it: it was left on the page's body, a keyboard probe). A
    // phone's Menu, still there, keeps it; another page's heading takes it when the path changes (decision 0258).
    if (document.activeElement === document.body) document.querySelector<HTMLElement>('[aria-controls=profile-menu]')?.focus();
    navigate(paths.home);
  };

  /** The account's answer: signed in, or its refusal kept to say in the dialog (a field's goes beside the field). */
  const answer = async (call: Promise<{ user: User }>) => {
    try {
      loggedIn((await call).user);
    } catch (err) {
      if (err instanceof ApiError && err.issues.length === 0) setRefusal(err.message);
      throw err;
    }
  };

  /** Validated with the server's own schemas; the client toasts a refusal's message. */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    const { name, email, password } = form.values;
    void (mode === 'register'
      ? form.submit(loadFormSchemas().then((s) => s.RegisterInputSchema.safeParse({ name, email, password })), (input) => answer(registerShopper(input)))
      : form.submit(loadFormSchemas().then((s) => s.LoginInputSchema.safeParse({ email, password })), (input) => answer(loginShopper(input))));
  };

  return (
    // Clicking the backdrop (not the form) closes the overlay (spec section 2); so does Escape.
    <ModalDialog onClose={close} labelledBy={headingId} className="max-w-sm rounded-lg border border-gray-200 bg-white shadow-xl">
      {mode === 'forgot' ? (
        <PasswordLinkForm account="user" email={form.values.email} onBack={() => switchTo('login')} headingId={headingId} heading="h2" className="flex flex-col gap-4 p-8 py-10 text-sm" />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-8 py-10 text-sm">
          <h2 id={headingId} className="m-auto text-2xl font-medium">
            <span className="text-primary-ink">User</span> {mode === 'login' ? 'Login' : 'Sign Up'}
          </h2>
          {mode === 'register' && <FormField label="Name" autoComplete="name" placeholder="type here" autoFocus {...form.field('name')} />}
          <FormField label="Email" type="email" autoComplete="email" placeholder="type here" autoFocus={mode === 'login'} {...form.field('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            placeholder="type here"
            {...form.field('password')}
          />
          {mode === 'login' && (
            <button type="button" onClick={() => switchTo('forgot')} className="-my-2 w-max cursor-pointer self-end py-2.5 text-primary-ink underline">
              Forgot password?
            </button>
          )}
          <p>
            {mode === 'register' ? 'Already have account? ' : 'Create an account? '}
            {/* The spec's words, named by where they lead too (a screen reader's list of buttons read "click here" alone). */}
            <button
              type="button"
              onClick={() => switchTo(mode === 'register' ? 'login' : 'register')}
              aria-label={mode === 'register' ? 'click here to log in' : 'click here to create an account'}
              className="-my-2.5 cursor-pointer py-2.5 text-primary-ink underline"
            >
              click here
            </button>
          </p>
          <p role="alert" className={refusal ? 'rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700' : 'sr-only'}>
            {refusal}
          </p>
          <button type="submit" aria-disabled={form.submitting || undefined} className="h-10 w-full cursor-pointer rounded-md bg-primary-ink text-white transition-all hover:bg-primary-deep aria-disabled:opacity-60">
            {mode === 'register' ? 'Create Account' : 'Login'}
          </button>
        </form>
      )}
    </ModalDialog>
  );
}
