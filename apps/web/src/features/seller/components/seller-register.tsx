import { SHOP_APPLICATION_PAGE, type SellerAccount } from '@greencart/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { registerSeller } from '../api/register-seller';
import { ResendLink } from './resend-confirmation';

const EMPTY = { shopName: '', name: '', email: '', password: '', phone: '', pickupAddress: '' };

/**
 * /seller/register (issue 26): a new shop applies with its name, the person behind it, e-mail, password,
 * phone and pickup address. The browser checks the shared schema first; the server's 400 puts each
 * message under its field, a 409 (e-mail taken) is toasted. Then: check your e-mail.
 */
export function SellerRegister() {
  const form = useForm(EMPTY);
  const [applied, setApplied] = useState<{ account: SellerAccount; email: string }>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loadFormSchemas().then((s) => s.SellerRegisterInputSchema.safeParse(form.values)), async (input) => {
      const { seller } = await registerSeller(input);
      session.setSeller(true, seller);
      setApplied({ account: seller, email: input.email });
    });
  };

  return (
    <main id="content" tabIndex={-1} className="outline-none flex min-h-screen items-center justify-center px-4 pt-10 pb-24 text-sm text-gray-600 sm:pb-10">
      <title>{SHOP_APPLICATION_PAGE.title}</title>
      {applied ? (
        <CheckYourEmail shopName={applied.account.shopName} email={applied.email} />
      ) : (
        <form noValidate onSubmit={onSubmit} aria-labelledby="seller-register-heading" className="flex w-full max-w-lg flex-col gap-4 rounded-lg border border-gray-200 p-6 shadow-xl sm:p-8">
          <h1 id="seller-register-heading" className="text-2xl font-medium text-gray-800">
            Open a shop on <span className="text-primary-ink">GreenCart</span>
          </h1>
          <p>Sell your groceries next to ours. Tell us about your shop: we confirm your e-mail, then our team reviews the application.</p>
          <FormField label="Shop name" autoComplete="organization" placeholder="e.g. Meena Kirana Store" autoFocus {...form.field('shopName')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Your name" autoComplete="name" {...form.field('name')} />
            <FormField label="Phone" type="tel" autoComplete="tel" placeholder="+91 98765 43210" {...form.field('phone')} />
          </div>
          <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <FormField label="Password" type="password" autoComplete="new-password" placeholder="at least 8 characters" {...form.field('password')} />
          <FormField label="Pickup address" autoComplete="street-address" placeholder="Where the shop packs its orders" {...form.field('pickupAddress')} />
          <button type="submit" disabled={form.submitting} className="mt-2 w-full cursor-pointer rounded-md bg-primary-ink py-2.5 font-medium text-white hover:bg-primary-deep disabled:opacity-60">
            {form.submitting ? 'Sending…' : 'Apply'}
          </button>
          <p className="text-center">
            Already selling here?{' '}
            <Link to={paths.seller} className="inline-block py-2.5 font-medium text-primary-ink underline">
              Seller login
            </Link>
          </p>
        </form>
      )}
    </main>
  );
}

function CheckYourEmail({ shopName, email }: { shopName: string; email: string }) {
  return (
    <section aria-labelledby="check-email-heading" className="flex w-full max-w-lg flex-col gap-4 rounded-lg border border-gray-200 p-6 shadow-xl sm:p-8">
      {/* The form it replaces had the keyboard: its heading takes it, so a screen reader says where the shop stands (a probe's
          focus fell to the page). */}
      <h1 id="check-email-heading" tabIndex={-1} ref={(heading) => heading?.focus()} className="text-2xl font-medium text-gray-800 outline-none">
        Check your e-mail
      </h1>
      <p>
        We sent a link to <span className="font-medium text-gray-800">{email}</span>. Open it to confirm your address; then our team reviews{' '}
        <span className="font-medium text-gray-800">{shopName}</span> and e-mails you when it is approved.
      </p>
      <p>Meanwhile you can look around your seller area: adding products opens once the shop is approved.</p>
      <ResendLink email={email} />
      <Link to={paths.seller} className="w-max rounded-md bg-primary-ink px-6 py-2.5 font-medium text-white hover:bg-primary-deep">
        Go to your seller area
      </Link>
    </section>
  );
}
