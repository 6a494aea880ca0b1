import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { session } from '../../../lib/session';
import { PasswordLinkForm } from '../../../components/password-link-form';
import { loginSeller } from '../api/seller-session';

/**
 * The seller login a non-seller sees on any seller path (spec section 2). E-mail and password are
 * required; a refusal shows the server's message under the form as well as in the toast (issue 6:
 * the original's silent failure is a defect). Success sets the seller flag and the seller area shows the screen of the
 * address the form was shown at: /seller (the spec's), or the link of an e-mail (Balance, the applications waiting)
 * opened signed out (decision 0247).
 */
export function SellerLogin() {
  const form = useForm({ email: '', password: '' });
  const [failure, setFailure] = useState('');
  const [forgot, setForgot] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    void form.submit(loadFormSchemas().then((s) => s.SellerLoginInputSchema.safeParse(form.values)), async (credentials) => {
      try {
        await loginSeller(credentials);
      } catch (err) {
        setFailure(err instanceof ApiError ? err.message : 'Login failed. Please try again.');
        return;
      }
      // Signed in: a refusal's toast before it goes, as the shopper's login takes it (decision 0255; it stayed over the dashboard: a probe).
      void import('../../../lib/toaster').then(({ settleErrors }) => settleErrors());
      // The answer to is-auth says which shop signed in and its standing (issue 26).
      await session.checkSeller();
    });
  };

  const card = 'flex w-full max-w-sm flex-col gap-5 rounded-lg border border-gray-200 p-8 py-12 shadow-xl';
  if (forgot) {
    return (
      <main id="content" tabIndex={-1} className="outline-none flex min-h-screen items-center justify-center px-4 text-sm text-gray-600">
        <title>Forgot password | GreenCart</title>
        <PasswordLinkForm account="seller" email={form.values.email} onBack={() => setForgot(false)} headingId="seller-login-heading" heading="h1" className={card} />
      </main>
    );
  }
  return (
    <main id="content" tabIndex={-1} className="outline-none flex min-h-screen items-center justify-center px-4 text-sm text-gray-600">
      <title>Seller login | GreenCart</title>
      <form noValidate onSubmit={onSubmit} aria-labelledby="seller-login-heading" className={card}>
        <h1 id="seller-login-heading" className="m-auto text-2xl font-medium">
          <span className="text-primary-ink">Seller</span> Login
        </h1>
        <FormField label="Email" type="email" autoComplete="username" placeholder="enter your email" autoFocus {...form.field('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" placeholder="enter your password" {...form.field('password')} />
        <button type="button" onClick={() => setForgot(true)} className="-my-3 w-max cursor-pointer self-end py-2.5 text-primary-ink underline">
          Forgot password?
        </button>
        {/* Shown, not announced: the toast says it to a screen reader (both did, twice at once). */}
        {failure && (
          <p className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
            {failure}
          </p>
        )}
        <button type="submit" disabled={form.submitting} className="h-10 w-full cursor-pointer rounded-md bg-primary-ink text-white hover:bg-primary-deep disabled:opacity-60">
          Login
        </button>
        <p className="text-center">
          New here?{' '}
          {/* 40 px tall on a phone, as every link the finger aims at (a probe measured 16 px). */}
          <Link to={paths.sellerRegister} className="inline-flex min-h-10 items-center font-medium text-primary-ink underline">
            Open a shop on GreenCart
          </Link>
        </p>
        {/* A shopper who came here by mistake, or a seller going to look at the shop, has a way back. */}
        <p className="text-center">
          <Link to={paths.home} className="inline-flex min-h-10 items-center underline">
            Back to the store
          </Link>
        </p>
      </form>
    </main>
  );
}
