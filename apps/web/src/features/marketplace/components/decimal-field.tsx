import { numberFromText } from '@greencart/shared';
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

/**
 * A typed amount or rate as a number: digits with at most one decimal point, a minus before them, commas only where
 * they group digits ("1,00,000.50" or "100,000.50", the shared `numberFromText`); NaN for anything else, with
 * `misplacedCommas` to say why. Dropping every comma read "1,00" as 100 and "6,16.63" as 616.63 (a probe). `Number`
 * read "0x10" as 16 and "1e2" as 100: no exponent here. A negative one is a number, for the screen to say it is out of
 * range ("-5 %" was said to be no number: a probe).
 */
export const parseDecimal = (text: string) => (/e/i.test(text) ? Number.NaN : numberFromText(text));
