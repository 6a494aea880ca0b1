import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';

/**
 * The newsletter box (spec section 1). The original did nothing on submit; issue 3 asks to check the
 * address and confirm with a toast. There is no newsletter service, so nothing is sent (decision 0011).
 */
export function Newsletter() {
  const [error, setError] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    // The browser's own e-mail check (type="email"): no validation library in the home page's load.
    if (!input.value.trim() || !input.checkValidity()) {
      setError('Please enter a valid e-mail address.');
      input.focus();
      return;
    }
    setError('');
    form.reset();
    toast.success('Thanks for subscribing!');
  };
  return (
    <section aria-labelledby="newsletter-heading" className="mt-24 flex flex-col items-center justify-center space-y-2 text-center">
      <h2 id="newsletter-heading" className="text-2xl font-semibold md:text-4xl">
        Never Miss a Deal!
      </h2>
      <p className="pb-6 text-gray-600 md:text-lg">Subscribe to get the latest offers, new arrivals, and exclusive discounts</p>
      <form onSubmit={onSubmit} noValidate className="flex h-12 w-full max-w-2xl items-center justify-between md:h-13">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email id"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          className="h-full w-full min-w-0 rounded-md rounded-r-none border border-r-0 border-field px-3 text-gray-700 outline-none focus:border-primary-ink"
        />
        <button type="submit" className="h-full shrink-0 rounded-md rounded-l-none bg-primary-ink px-6 text-white transition hover:bg-primary-deep md:px-12">
          Subscribe
        </button>
      </form>
      {error && (
        <p id="newsletter-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
