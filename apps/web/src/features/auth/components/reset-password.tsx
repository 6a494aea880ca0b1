import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { setNewPassword } from '../api/password';

/**
 * /reset-password?token= (decision 0254): where the e-mailed link lands. The token says whose account it is (a
 * shopper's or a shop's); the new password signs this browser in and goes home, or to the seller area. A link that
 * expired or was used says so, with the way to ask for a new one.
 */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const account = token.startsWith('seller.') ? 'seller' : token.startsWith('user.') ? 'user' : undefined;
  const navigate = useNavigate();
  const form = useForm({ password: '' });
  const [failure, setFailure] = useState(account ? '' : 'This link is not one GreenCart sent. Ask for a new one from the login form.');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    setFailure('');
    void form.submit(loadFormSchemas().then((s) => s.PasswordResetInputSchema.safeParse({ token, password: form.values.password })), async (input) => {
      try {
        const answer = await setNewPassword(account, input);
        if (answer.user) session.signIn(answer.user, true);
        else await session.checkSeller();
        toast.success(answer.message);
        void navigate(account === 'seller' ? paths.seller : paths.home, { replace: true });
      } catch (err) {
        // A field's message goes next to its field (useForm); a spent link's is shown here too, with the way on.
        if (err instanceof ApiError && err.code === 'RESET_LINK_INVALID') setFailure(err.message);
        throw err;
      }
    });
  };

  const askAgain = () => {
    if (account === 'seller') return void navigate(paths.seller);
    void navigate(paths.home);
    session.setShowUserLogin(true);
  };

  return (
    <main id="content" tabIndex={-1} className="outline-none flex min-h-screen items-center justify-center px-4 pt-10 pb-24 text-sm text-gray-600 sm:pb-10">
      <title>Set a new password | GreenCart</title>
      <form noValidate onSubmit={onSubmit} aria-labelledby="reset-heading" className="flex w-full max-w-sm flex-col gap-5 rounded-lg border border-gray-200 p-8 py-12 shadow-xl">
        <h1 id="reset-heading" className="m-auto text-2xl font-medium">
          <span className="text-primary-ink">Set</span> Password
        </h1>
        <p>{account === 'seller' ? 'Choose a new password for your shop on GreenCart.' : 'Choose a new password for your GreenCart account.'} Every other device is signed out.</p>
        {/* A spent link asks for nothing more: the way to a new one instead (a probe typed a password in again). */}
        {account && !failure && <FormField label="New password" type="password" autoComplete="new-password" placeholder="at least 8 characters" autoFocus {...form.field('password')} />}
        {failure && <p className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">{failure}</p>}
        {account && !failure && (
          <button type="submit" aria-disabled={form.submitting || undefined} className="h-10 w-full cursor-pointer rounded-md bg-primary-ink text-white hover:bg-primary-deep aria-disabled:opacity-60">
            Save password
          </button>
        )}
        {failure && (
          <button type="button" onClick={askAgain} className="min-h-10 cursor-pointer text-primary-ink underline">
            {account === 'seller' ? 'Go to the seller login' : 'Go to the login'}
          </button>
        )}
        <Link to={paths.home} className="inline-flex min-h-10 items-center justify-center underline">
          Back to the store
        </Link>
      </form>
    </main>
  );
}
