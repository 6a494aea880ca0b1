import type { PasswordChangeInput } from '@greencart/shared';
import type { FormEvent } from 'react';
import { toast } from '../lib/toast';
import { loadFormSchemas, useForm } from '../lib/use-form';
import { FormField } from './form-field';

/**
 * A signed-in account's new password, given the current one (decision 0254): a shop's on its profile, a shopper's under
 * My Orders. `change` is the account's call; a wrong current password is named on its field, the rest toasted.
 */
export function PasswordChangeForm({ change, className }: { change: (input: PasswordChangeInput) => Promise<{ message: string }>; className?: string }) {
  const form = useForm({ currentPassword: '', password: '' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loadFormSchemas().then((s) => s.PasswordChangeInputSchema.safeParse(form.values)), async (input) => {
      toast.success((await change(input)).message);
      form.reset();
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="password-heading" className={`flex flex-col gap-4 text-sm ${className ?? ''}`}>
      <h2 id="password-heading" className="text-base font-medium">
        Password
      </h2>
      <FormField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      <FormField label="New password" type="password" autoComplete="new-password" placeholder="at least 8 characters" {...form.field('password')} />
      <button type="submit" aria-disabled={form.submitting || undefined} className="w-fit cursor-pointer rounded border border-primary-ink px-8 py-2.5 font-medium text-primary-ink hover:bg-primary/10 aria-disabled:opacity-60">
        {form.submitting ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
