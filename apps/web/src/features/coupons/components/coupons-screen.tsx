import { CATEGORY_PATHS, COUPON_TYPES, couponStanding, numberFromText, zonedInstant, type Coupon, type CouponType } from '@greencart/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { loadFormSchemas, useInFlight } from '../../../lib/use-form';
import { useSellerCanWrite } from '../../../lib/session';
import { DayField, NOT_A_DAY } from '../../../components/day-field';
import { Price } from '../../../components/price';
import { env } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { focusFirstToMend, toFieldErrors, withoutErrors, type FieldErrors } from '../../../lib/form-errors';
import { createCoupon, setCouponActive, useCoupons } from '../api/coupons';

const TYPE_LABELS: Record<CouponType, string> = { percent: 'Percent off', amount: 'Amount off', 'free-delivery': 'Free delivery' };
/** Each coupon's standing now, as checkout would judge it for any cart. */
const STANDING = { usable: 'Active', paused: 'Paused', 'not-started': 'Scheduled', expired: 'Expired', 'used-up': 'Used up' };
const instantOf = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * /seller/coupons (issue 29): a seller makes coupons for its own shop's products (the shop pays the
 * discount), the operator platform coupons (the operator pays); both list theirs with uses and the discount
 * given, and pause or resume them.
 */
export function CouponsScreen({ platform }: { platform: boolean }) {
  // A code's start among the caller's coupons; the operator's moderation: any shop's coupon by its whole code.
  const [search, setSearch] = useState('');
  const { data, status, retry, hasMore, loadMore, fetching } = useCoupons(search.trim());
  const coupons = data?.pages.flatMap((page) => page.coupons);
  return (
    <main className="flex flex-col gap-6 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Coupons</h1>
      <p className="max-w-3xl text-sm text-gray-600">
        {platform
          ? 'Platform coupons apply to every shop, and the marketplace pays their discount.'
          : "Your coupons apply only to your shop's products, and your shop pays their discount."}
      </p>
      <CouponForm />
      <section aria-labelledby="coupon-list-heading" className="flex max-w-4xl flex-col gap-3">
        <h2 id="coupon-list-heading" className="font-medium">
          {/* A search finds any shop's coupon by its code: not only the platform's. */}
          {platform ? (search.trim() ? 'Coupons with this code' : 'Platform coupons') : 'Your coupons'}
        </h2>
        <input
          type="search"
          aria-label="Find a coupon by its code"
          placeholder="Find a code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${FIELD} w-full max-w-sm`}
        />
        {status === 'error' && (
          <p role="alert" className="text-sm text-red-700">
            Could not load the coupons.{' '}
            <button type="button" onClick={retry} className="cursor-pointer font-medium underline">
              Try again
            </button>
          </p>
        )}
        {coupons && coupons.length === 0 && <p className="text-sm text-gray-600">No coupons.</p>}
        {coupons && coupons.length > 0 && (
          <ol className="flex flex-col gap-3">
            {coupons.map((coupon) => (
              <CouponRow key={coupon._id} coupon={coupon} namesShop={platform} />
            ))}
          </ol>
        )}
        {hasMore && (
          <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 w-max rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
            {fetching ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
    </main>
  );
}

function describe(coupon: Coupon) {
  if (coupon.type === 'percent') return `${coupon.value}% off`;
  if (coupon.type === 'amount') return <><Price amount={coupon.value} /> off</>;
  return TYPE_LABELS['free-delivery'];
}

/** `namesShop`: the operator's search of every shop's coupons says whose each is. */
function CouponRow({ coupon, namesShop }: { coupon: Coupon; namesShop: boolean }) {
  // A shop not approved sees its coupons but changes none (the server refuses it too), as on its other screens.
  const canWrite = useSellerCanWrite();
  const [busy, setBusy] = useState(false);
  const endsAt = instantOf(coupon.endsAt);
  const standing = couponStanding({ ...coupon, startsAt: instantOf(coupon.startsAt), endsAt }, coupon.uses, new Date());
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      toast.success((await setCouponActive(coupon._id, !coupon.active)).message);
    } catch {
      // The API client has toasted the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li aria-label={`Coupon ${coupon.code}`} className="flex flex-col gap-2 rounded-md border border-gray-300 p-4 text-sm text-gray-700 md:flex-row md:items-center md:justify-between">
      <div className="flex flex-col gap-1">
        <p>
          <span className="font-mono text-base font-medium text-gray-800">{coupon.code}</span> · {namesShop && coupon.shop && `${coupon.shop.shopName} · `}
          {describe(coupon)}
          {coupon.minSubtotal !== null && <> · from <Price amount={coupon.minSubtotal} /></>}
          {coupon.maxDiscount !== null && <> · at most <Price amount={coupon.maxDiscount} /></>}
          {coupon.firstOrderOnly && ' · first order only'}
          {coupon.categories?.length ? ` · only ${coupon.categories.join(', ')}` : ''}
          {/* A coupon for a few products said so: it read as one for every product (a probe). */}
          {coupon.productIds?.length ? ` · only ${coupon.productIds.length} product${coupon.productIds.length > 1 ? 's' : ''}` : ''}
        </p>
        <p className="text-gray-600">
          {/* Grouped as the shop writes numbers (1,000; 1,00,000). */}
          Uses: {coupon.uses.toLocaleString('en-IN')}
          {coupon.totalUses !== null && ` of ${coupon.totalUses.toLocaleString('en-IN')}`}
          {coupon.usesPerShopper !== null && ` (${coupon.usesPerShopper.toLocaleString('en-IN')} per shopper)`} · Discount given: <Price amount={coupon.discountGiven} />
          {coupon.startsAt && ` · starts ${formatDate(coupon.startsAt, 'day')}`}
          {/* Its last day: one ending at midnight (an API's) ends the day before (it read "ends 2 Dec", unusable on 2 Dec: a probe). */}
          {endsAt && ` · ends ${formatDate(new Date(+endsAt - 1), 'day')}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className={standing === 'usable' ? 'font-medium text-primary-ink' : 'font-medium text-gray-500'}>{STANDING[standing]}</span>
        {/* Busy, not disabled, while sending: a disabled button dropped the keyboard's focus to the page (a probe). */}
        <button
          type="button"
          disabled={!canWrite}
          aria-disabled={busy || undefined}
          onClick={() => void toggle()}
          className="h-10 cursor-pointer rounded border border-gray-300 px-4 hover:bg-gray-50 disabled:opacity-60 aria-disabled:opacity-60"
        >
          {coupon.active ? 'Pause' : 'Resume'}
        </button>
      </div>
    </li>
  );
}

type Field = 'code' | 'type' | 'value' | 'minSubtotal' | 'maxDiscount' | 'totalUses' | 'usesPerShopper';

/** Messages that depend on another field: a percentage's limits are not an amount's; "The end must be after the start". */
const LINKED: Partial<Record<string, string[]>> = { type: ['value'], startsAt: ['endsAt'] };
const FIELD = 'h-10 rounded border border-field bg-white px-2 outline-none focus:border-primary';

function CouponForm() {
  const canWrite = useSellerCanWrite();
  const id = useId();
  const [form, setForm] = useState({ code: '', type: 'percent' as CouponType, value: '', minSubtotal: '', maxDiscount: '', totalUses: '', usesPerShopper: '', startsAt: '', endsAt: '', firstOrderOnly: false });
  // Issue 29's scope: the categories the discount is limited to (none ticked: every product).
  const [categories, setCategories] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
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

  const send = async () => {
    const { CouponInputSchema } = await loadFormSchemas();
    const parsed = CouponInputSchema.safeParse({
      code: form.code,
      type: form.type,
      value: form.type === 'free-delivery' ? 0 : (number(form.value) ?? Number.NaN),
      minSubtotal: number(form.minSubtotal),
      maxDiscount: number(form.maxDiscount),
      totalUses: number(form.totalUses),
      usesPerShopper: number(form.usesPerShopper),
      // From the day's start, to its last second, in the store's time zone (decision 0232), not the browser's: from a
      // browser set to UTC, "ends on 31/12" ran until 05:29 on 1 January in India and was listed as ending then.
      startsAt: form.startsAt ? zonedInstant(form.startsAt, '00:00', env.timeZone).toISOString() : undefined,
      // The day's last millisecond (a coupon is refused from its end on): 23:59:59.000 lost the day's last second (a probe).
      endsAt: form.endsAt ? new Date(zonedInstant(form.endsAt, '23:59', env.timeZone).getTime() + 59_999).toISOString() : undefined,
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
      toast.success((await createCoupon(parsed.data)).message);
      setForm((f) => ({ ...f, code: '', value: '' }));
    } catch (err) {
      // A refusal lands on its field (a code taken lands on the code), anything else is shown as a toast.
      if (err instanceof ApiError && err.code === 'COUPON_CODE_TAKEN') mend({ code: err.message.replace(/^code: a/, 'A') });
      else if (err instanceof ApiError && err.issues.length > 0) mend(toFieldErrors(err.issues));
      else toast.error(err instanceof Error ? err.message : 'The coupon could not be created');
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
        className={FIELD}
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

  return (
    <section aria-labelledby={`${id}-heading`} className="flex max-w-4xl flex-col gap-3 rounded-md border border-gray-300 p-4">
      <h2 id={`${id}-heading`} className="font-medium">
        New coupon
      </h2>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 text-sm sm:grid-cols-2 md:grid-cols-4">
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
        {field('minSubtotal', 'Minimum subtotal (optional)', { inputMode: 'decimal' })}
        {field('maxDiscount', 'Maximum discount (optional)', { inputMode: 'decimal' })}
        {field('totalUses', 'Total uses (optional)', { inputMode: 'numeric' })}
        {field('usesPerShopper', 'Uses per shopper (optional)', { inputMode: 'numeric' })}
        {/* Typed dd/mm/yyyy (decision 0105), kept as ISO days until sent. */}
        {dayField('startsAt', 'Starts on (optional)')}
        {dayField('endsAt', 'Ends on (optional)')}
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
        {/* Busy, not disabled, while sending: a disabled button drops the keyboard's focus to the page (run() takes one send at a time). */}
        <button
          type="submit"
          disabled={!canWrite}
          aria-disabled={busy || undefined}
          className="h-10 cursor-pointer self-end rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:opacity-60 aria-disabled:opacity-60 sm:col-span-2 md:col-span-1"
        >
          Create coupon
        </button>
      </form>
    </section>
  );
}
