import type { ReactNode } from 'react';

/** A small labelled field for an amount or a percentage in the operator's inline forms; its message goes in `${id}-error`. */
export function DecimalField({
  id,
  label,
  value,
  onChange,
  error,
  className = 'w-28',
  autoFocus,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string;
  className?: string;
  autoFocus?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-gray-500">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoFocus={autoFocus}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-10 rounded border border-field bg-white px-2 outline-none focus:border-primary ${className}`}
      />
    </div>
  );
}
