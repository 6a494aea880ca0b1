import { useId, type InputHTMLAttributes } from 'react';
import { keepClear } from '../lib/keep-clear';

/**
 * A labelled input with its validation message right under it (announced to screen readers). The floating chat toggle
 * steps aside from it on a phone (a probe found it over a field's message).
 */
export function FormField({ label, error, className, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={className} {...keepClear}>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-600">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`min-h-10 w-full rounded border px-3 py-2 outline-none focus:border-primary ${error ? 'border-red-500' : 'border-field'}`}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
