import type { AddressInput } from '@greencart/shared';
import { type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { addAddress } from '../api/add-address';

type AddressForm = Record<keyof AddressInput, string>;
const EMPTY: AddressForm = { firstName: '', lastName: '', email: '', street: '', city: '', state: '', zipcode: '', country: '', phone: '' };

/**
 * The shipping address form (spec section 5): all fields required, zipcode numeric, e-mail format,
 * phone plausible. The server's schema checks it here first, with messages next to the fields.
 */
export function AddressForm({ onSaved }: { onSaved: (addressId: string) => void }) {
  const form = useForm<AddressForm>(EMPTY, { country: ['zipcode'] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(loadFormSchemas().then((s) => s.AddressInputSchema.safeParse(form.values)), async (address) => {
      const answer = await addAddress(address);
      toast.success(answer.message);
      onSaved(answer.address._id);
    });
  };

  const field = (name: keyof AddressForm, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => (
    // Every field is needed, and said so to a screen reader before a first Save (the form itself names what is missing).
    <FormField label={label} required {...form.field(name)} {...extra} />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4 text-sm">
      <div className="grid grid-cols-2 gap-4">
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {field('email', 'Email address', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {field('street', 'Street', { autoComplete: 'street-address' })}
      <div className="grid grid-cols-2 gap-4">
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('state', 'State', { autoComplete: 'address-level1' })}
      </div>
      <div className="grid grid-cols-2 gap-4">
        {field('zipcode', 'Zip code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {field('country', 'Country', { autoComplete: 'country-name' })}
      </div>
      {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      <button type="submit" aria-disabled={form.submitting || undefined} className="mt-2 cursor-pointer bg-primary-ink py-3 uppercase text-white transition hover:bg-primary-deep aria-disabled:opacity-60">
        Save address
      </button>
    </form>
  );
}
