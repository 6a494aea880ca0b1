import { useId, useState } from 'react';
import { dayToField, fieldToDay, looksLikeWholeDay } from '../lib/dates';

export const NOT_A_DAY = 'No such date: use dd/mm/yyyy';

/** What a text says: a day (ISO), no day (''), or undefined when it is not a day. */
const dayOf = (text: string) => (text.trim() === '' ? '' : fieldToDay(text));

/**
 * A day typed as the shop writes it, dd/mm/yyyy (docs/decisions/0105): a date input would show the browser's order
 * (mm/dd/yyyy in a US browser). `day` and `onChange` carry the ISO day the address and the API use (`2026-01-05`),
 * or '' for none. `onChange` is told each whole day typed, or '' once emptied; a text that is not a day is named
 * under the field and the day stays the last good one (`onDayOrNot` tells a form that must refuse to send it).
 * A `day` changed from outside (Clear filters, Back) replaces the text.
 */
export function DayField({
  label,
  name,
  day,
  onChange,
  onDayOrNot,
  error,
  className,
  labelClassName,
  fieldClassName,
}: {
  label: string;
  /** The field's name in its form (a form focuses its first field to mend by name). */
  name?: string;
  day: string | undefined;
  onChange: (day: string) => void;
  onDayOrNot?: (isDay: boolean) => void;
  /** A refusal of the day (the server's, the form's), shown where a text that is not a day is named. */
  error?: string;
  className?: string;
  labelClassName?: string;
  fieldClassName: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(day ? dayToField(day) : '');
  const [shownDay, setShownDay] = useState(day);
  const [left, setLeft] = useState(false);
  if (day !== shownDay) {
    setShownDay(day);
    // The day changed: when not to the text's own, it changed from outside and the field shows it.
    if (dayOf(text) !== (day ?? '')) setText(day ? dayToField(day) : '');
  }
  const wrong = dayOf(text) === undefined && (left || looksLikeWholeDay(text));
  const message = error ?? (wrong ? NOT_A_DAY : undefined);
  const change = (value: string) => {
    const before = dayOf(text);
    const next = dayOf(value);
    setText(value);
    setLeft(false);
    if ((before === undefined) !== (next === undefined)) onDayOrNot?.(next !== undefined);
    if (next !== undefined && next !== (day ?? '')) onChange(next);
  };
  return (
    // The message is outside the label: it describes the field, it is not part of its name.
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={text}
        onChange={(e) => change(e.target.value)}
        onBlur={() => setLeft(true)}
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        className={`${fieldClassName} ${message ? 'border-red-500' : ''}`}
      />
      {message && (
        <span id={errorId} className="text-xs text-red-700">
          {message}
        </span>
      )}
    </div>
  );
}
