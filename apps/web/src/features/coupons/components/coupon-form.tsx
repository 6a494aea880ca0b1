import { CATEGORY_PATHS, COUPON_TYPES, dayIn, numberFromText, zonedInstant, type Coupon, type CouponType } from '@greencart/shared';
import { ShopWriteFields } from '../../../components/shop-write-fields';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { loadFormSchemas, useInFlight } from '../../../lib/use-form';
import { useSellerCanWrite } from '../../../lib/session';
import { DayField, NOT_A_DAY } from '../../../components/day-field';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { focusFirstToMend, toFieldErrors, withoutErrors, type FieldErrors } from '../../../lib/form-errors';
import { createCoupon, editCoupon } from '../api/coupons';

const TYPE_LABELS: Record<CouponType, string> = { percent: 'Percent off', amount: 'Amount off', 'free-delivery': 'Free delivery' };

type Field = 'code' | 'type' | 'value' | 'minSubtotal' | 'maxDiscount' | 'totalUses' | 'usesPerShopper';

/** Messages that depend on another field: a percentage's limits are not an amount's; "The end must be after the start". */
const LINKED: Partial<Record<string, string[]>> = { type: ['value'], startsAt: ['endsAt'] };
const FIELD = 'h-10 rounded border border-field bg-white px-2 outline-none focus:border-primary';

const EMPTY = { code: '', type: 'percent' as CouponType, value: '', minSubtotal: '', maxDiscount: '', totalUses: '', usesPerShopper: '', startsAt: '', endsAt: '', firstOrderOnly: false };

const asText = (value: number | null) => (value === null ? '' : String(value));

/** A coupon's limits and dates as its edit's fields show them: its last day, the day before an end at midnight. */
const fieldsOf = (coupon: Coupon) => ({
  ...EMPTY,
  type: coupon.type,
  minSubtotal: asText(coupon.minSubtotal),
  maxDiscount: asText(coupon.maxDiscount),
  totalUses: asText(coupon.totalUses),
  usesPerShopper: asText(coupon.usesPerShopper),
  startsAt: coupon.startsAt ? dayIn(new Date(coupon.startsAt), env.timeZone) : '',
  endsAt: coupon.endsAt ? dayIn(new Date(Date.parse(coupon.endsAt) - 1), env.timeZone) : '',
});

/**
 * /seller/coupons' form (issue 29): a new coupon of the shop, or a platform coupon of the operator. Empty again once one
 * is created: the limits of the one before went with the next unseen (a probe's free delivery took a percentage's cap).
 * With `editing`, that coupon's limits and dates (decision 0281): its code and offer stay, as shoppers were told them.
 */
export function CouponForm({ editing, onDone }: { editing?: Coupon; onDone?: () => void } = {}) {
  const canWrite = useSellerCanWrite();
  const id = useId();
  const [initial] = useState(() => (editing ? fieldsOf(editing) : EMPTY));
  const [form, setForm] = useState(initial);
  // Issue 29's scope: the categories the discount is limited to (none ticked: every product).
  const [categories, setCategories] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // An edit opened below its coupon: the keyboard is taken to its first field.
  const editingId = editing?._id;
  useEffect(() => {
    if (editingId) formRef.current?.querySelector('input')?.focus();
  }, [editingId]);
  /** Messages beside their fields, and the focus on the first of them. */
  const mend = (found: FieldErrors) => {
    setErrors(found);
    focusFirstToMend(formRef.current, found);
  };
  // The days typed are days (or empty): while one is not, the form is not sent (it would use the last good day).
  const [daysTyped, setDaysTyped] = useState({ startsAt: true, endsAt: true });
  const { busy, run } = useInFlight();
  // A field changed loses its message, and those of the fields LINKED to it.
  const set = (key: keyof typeof form) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((current) => withoutErrors(current, key, ...(LINKED[key] ?? [])));
  };
  const number = (text: string) => (text.trim() === '' ? undefined : numberFromText(text));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(send);
  };

  /** An edit sends a date as it was while its day is unchanged: one set by the API at 10:30 is not moved to midnight. */
  const kept = (name: 'startsAt' | 'endsAt', made: string | undefined) => (editing && form[name] === initial[name] ? (editing[name] ?? undefined) : made);

  const send = async () => {
    const { CouponEditInputSchema, CouponInputSchema } = await loadFormSchemas();
    const limits = {
      minSubtotal: number(form.minSubtotal),
      // An amount off is its own cap: the field is not shown for it, and nothing typed before is sent.
      maxDiscount: form.type === 'amount' ? undefined : number(form.maxDiscount),
      totalUses: number(form.totalUses),
      usesPerShopper: number(form.usesPerShopper),
      // From the day's start, to its last second, in the store's time zone (decision 0232), not the browser's: from a
      // browser set to UTC, "ends on 31/12" ran until 05:29 on 1 January in India and was listed as ending then.
      startsAt: kept('startsAt', form.startsAt ? zonedInstant(form.startsAt, '00:00', env.timeZone).toISOString() : undefined),
      // The day's last millisecond (a coupon is refused from its end on): 23:59:59.000 lost the day's last second (a probe).
      endsAt: kept('endsAt', form.endsAt ? new Date(zonedInstant(form.endsAt, '23:59', env.timeZone).getTime() + 59_999).toISOString() : undefined),
    };
    const parsed = editing
      ? // An edit keeps a limit left out (0281): a field emptied is sent as null, no limit.
        CouponEditInputSchema.safeParse({ id: editing._id, ...Object.fromEntries(Object.entries(limits).map(([name, value]) => [name, value ?? null])) })
      : CouponInputSchema.safeParse({
          code: form.code,
          type: form.type,
          // Empty is null ("Enter a value"); text that is no number is NaN ("Type the number alone").
          value: form.type === 'free-delivery' ? 0 : (number(form.value) ?? null),
          ...limits,
          firstOrderOnly: form.firstOrderOnly,
          ...(categories.length > 0 ? { categories } : {}),
        });
    const notDays = Object.fromEntries(Object.entries(daysTyped).flatMap(([key, typed]) => (typed ? [] : [[key, NOT_A_DAY]])));
    if (!parsed.success || Object.keys(notDays).length > 0) {
      mend({ ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)), ...notDays });
      return;
    }
    setErrors({});
    try {
      if ('code' in parsed.data) {
        toast.success((await createCoupon(parsed.data)).message);
        setForm(EMPTY);
        setCategories([]);
      } else {
        toast.success((await editCoupon(parsed.data)).message);
        onDone?.();
      }
    } catch (err) {
      // A refusal lands on its field (a code taken lands on the code), anything else is shown as a toast.
      if (err instanceof ApiError && err.code === 'COUPON_CODE_TAKEN') mend({ code: err.message.replace(/^code: a/, 'A') });
      else if (err instanceof ApiError && err.issues.length > 0) mend(toFieldErrors(err.issues));
      else toast.error(err instanceof Error ? err.message : editing ? 'The coupon could not be saved' : 'The coupon could not be created');
    }
  };

  const field = (name: Field, label: string, props: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-xs text-gray-600">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="text"
        inputMode={props.inputMode}
        value={form[name as keyof typeof form] as string}
        onChange={(e) => set(name as keyof typeof form)(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        // Red as a day field's refused (only "Ends on" was: a probe).
        className={`${FIELD} ${errors[name] ? 'border-red-500' : ''}`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-xs text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  const dayField = (name: 'startsAt' | 'endsAt', label: string) => (
    <DayField
      label={label}
      name={name}
      day={form[name]}
      onChange={set(name)}
      onDayOrNot={(isDay) => {
        setDaysTyped((typed) => ({ ...typed, [name]: isDay }));
        // "Not a day" from the last try goes once the text is a day.
        if (isDay && errors[name] === NOT_A_DAY) setErrors((current) => withoutErrors(current, name));
      }}
      error={errors[name]}
      className="flex flex-col gap-1"
      labelClassName="text-xs text-gray-600"
      fieldClassName={FIELD}
    />
  );

  const Heading = editing ? 'h3' : 'h2';
  return (
    <section aria-labelledby={`${id}-heading`} className="flex max-w-4xl flex-col gap-3 rounded-md border border-gray-300 p-4">
      <Heading id={`${id}-heading`} className="font-medium">
        {editing ? `Edit coupon ${editing.code}` : 'New coupon'}
      </Heading>
      {editing && (
        <p className="text-sm text-gray-600">Its code and what it takes off stay as shoppers were told. For another offer, create a new coupon.</p>
      )}
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 text-sm sm:grid-cols-2 md:grid-cols-4">
        <ShopWriteFields>
          {/* The offer, made once: an edit changes the limits and dates only. */}
          {!editing && (
            <>
              {field('code', 'Code')}
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-type`} className="text-xs text-gray-600">
                  Type
                </label>
                <select id={`${id}-type`} value={form.type} onChange={(e) => set('type')(e.target.value)} className={FIELD}>
                  {COUPON_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </div>
              {form.type !== 'free-delivery' && field('value', form.type === 'percent' ? 'Percent off' : 'Amount off', { inputMode: 'decimal' })}
            </>
          )}
          {field('minSubtotal', 'Minimum subtotal (optional)', { inputMode: 'decimal' })}
          {form.type !== 'amount' && field('maxDiscount', 'Maximum discount (optional)', { inputMode: 'decimal' })}
          {field('totalUses', 'Total uses (optional)', { inputMode: 'numeric' })}
          {field('usesPerShopper', 'Uses per shopper (optional)', { inputMode: 'numeric' })}
          {/* Typed dd/mm/yyyy (decision 0105), kept as ISO days until sent. */}
          {dayField('startsAt', 'Starts on (optional)')}
          {dayField('endsAt', 'Ends on (optional)')}
          {!editing && (
            <>
              <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:col-span-2 md:col-span-4">
                <legend className="text-xs text-gray-600">Only for these categories (optional; none: every product)</legend>
                {CATEGORY_PATHS.map((category) => (
                  <label key={category} className="flex h-10 items-center gap-2">
                    <input
                      type="checkbox"
                      checked={categories.includes(category)}
                      onChange={(e) => setCategories((ticked) => (e.target.checked ? [...ticked, category] : ticked.filter((c) => c !== category)))}
                    />
                    {category}
                  </label>
                ))}
              </fieldset>
              <label className="flex h-10 items-center gap-2 sm:col-span-2">
                <input type="checkbox" checked={form.firstOrderOnly} onChange={(e) => set('firstOrderOnly')(e.target.checked)} />
                First order only
              </label>
            </>
          )}
          {/* Busy, not disabled, while sending: a disabled button drops the keyboard's focus to the page (run() takes one send at a time). */}
          <button
            type="submit"
            disabled={!canWrite}
            aria-disabled={busy || undefined}
            className="h-10 cursor-pointer self-end rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:opacity-60 aria-disabled:opacity-60 sm:col-span-2 md:col-span-1"
          >
            {editing ? 'Save changes' : 'Create coupon'}
          </button>
          {onDone && (
            <button type="button" onClick={onDone} className="h-10 cursor-pointer self-end rounded border border-gray-300 px-4 hover:bg-gray-50">
              Cancel
            </button>
          )}
        </ShopWriteFields>
      </form>
    </section>
  );
}
