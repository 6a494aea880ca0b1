import { DELIVERY_WINDOWS_MAX, numberFromText, type DeliverySettings } from '@greencart/shared';
import { pincodeEntries } from '../pincode-entries';
import { ShopWriteFields } from '../../../components/shop-write-fields';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { loadFormSchemas } from '../../../lib/use-form';
import { ApiError } from '../../../lib/api-client';
import { focusFirstToMend, withoutErrors, type FieldErrors } from '../../../lib/form-errors';
import { useSellerCanWrite } from '../../../lib/session';
import { saveDeliverySettings, useDeliverySettings } from '../api/delivery';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The form's text, as typed; turned into settings (numbers, null) only when saved. */
interface WindowForm {
  days: number[];
  start: string;
  end: string;
  capacity: string;
}
interface SettingsForm {
  everywhere: boolean;
  pincodes: string;
  fee: string;
  freeAbove: string;
  minOrder: string;
  cutoffMinutes: string;
  daysAhead: string;
  windows: WindowForm[];
}

const toForm = (s: DeliverySettings): SettingsForm => ({
  everywhere: s.pincodes === null,
  pincodes: (s.pincodes ?? []).join(', '),
  fee: String(s.fee),
  freeAbove: s.freeAbove === null ? '' : String(s.freeAbove),
  minOrder: String(s.minOrder),
  cutoffMinutes: String(s.cutoffMinutes),
  daysAhead: String(s.daysAhead),
  windows: s.windows.map((w) => ({ days: w.days, start: w.start, end: w.end, capacity: String(w.capacity) })),
});

const fromForm = (f: SettingsForm) => ({
  pincodes: f.everywhere ? null : pincodeEntries(f.pincodes),
  fee: numberFromText(f.fee),
  freeAbove: f.freeAbove.trim() === '' ? null : numberFromText(f.freeAbove),
  minOrder: numberFromText(f.minOrder),
  cutoffMinutes: numberFromText(f.cutoffMinutes),
  daysAhead: numberFromText(f.daysAhead),
  windows: f.windows.map((w) => ({ days: w.days, start: w.start, end: w.end, capacity: numberFromText(w.capacity) })),
});

/** A pincode's issue, as the shared schema words it: `"abc" is not a pincode: each is 6 digits, …`. */
const NOT_A_PINCODE = /^(".*") is not a pincode(: .*)$/;

/**
 * Issue paths as the form's fields are named: `windows.0.end` (the server's start with `body.`); a pincode's
 * (`pincodes.3`) is the pincodes box's, which holds them all, and says every entry to fix at once (one at a time, a
 * probe fixed five in five saves): `"0110001", "abc" are not pincodes: each is 6 digits, …`.
 */
const errorsOf = (issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) => {
  const errors: Record<string, string> = {};
  const notPincodes: RegExpExecArray[] = [];
  for (const issue of issues) {
    const key = (typeof issue.path === 'string' ? issue.path.replace(/^body\.?/, '') : issue.path.map(String).join('.')).replace(/^pincodes\.\d+$/, 'pincodes') || 'form';
    const pincode = key === 'pincodes' && NOT_A_PINCODE.exec(issue.message);
    if (pincode) notPincodes.push(pincode);
    errors[key] ??= issue.message;
  }
  if (notPincodes.length > 1) errors.pincodes = `${notPincodes.map((m) => m[1]).join(', ')} are not pincodes${notPincodes[0]![2]}`;
  return errors;
};

/**
 * /seller/delivery (issue 28): where the shop delivers (everywhere, or pincodes and 3-digit prefixes), its fee, the
 * subtotal from which delivery is free, its minimum order and its weekly delivery windows with their capacity.
 */
export function DeliverySettingsScreen() {
  const { data, status, retry } = useDeliverySettings();
  return (
    <main className="flex flex-col gap-6 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Delivery</h1>
      {status === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the delivery settings.{' '}
          <button type="button" onClick={retry} className="cursor-pointer underline">
            Try again
          </button>
        </p>
      )}
      {/* Drawn once: a save shows what was saved in place (the form drawn anew took the keyboard's focus away: a probe). */}
      {data && <SettingsEditor settings={data.delivery} timeZone={data.timeZone} />}
    </main>
  );
}

/**
 * A window's hours typed on the 24-hour clock, as every screen writes times: the browser's time field showed "08:00 AM"
 * beside the cart's "18:00-21:00" (a probe). The schema says what is not HH:MM.
 */
const CLOCK = { type: 'text', inputMode: 'numeric', placeholder: 'HH:MM', maxLength: 5, autoComplete: 'off' } as const;

const zoneName = (timeZone: string) => new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' }).formatToParts().find((part) => part.type === 'timeZoneName')?.value ?? timeZone;

function SettingsEditor({ settings, timeZone }: { settings: DeliverySettings; timeZone: string }) {
  const canWrite = useSellerCanWrite();
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // A field changed loses its message (it stayed under the mended value until the next save); a window changed, all of
  // its messages; a window removed, every window's (the others move up a place).
  const set = (change: Partial<SettingsForm>, mended: string[] = Object.keys(change)) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors((current) => withoutErrors(current, ...mended));
  };
  const setWindow = (i: number, change: Partial<WindowForm>) =>
    set({ windows: form.windows.map((w, j) => (j === i ? { ...w, ...change } : w)) }, [`windows.${i}`]);
  // A window added takes the focus to its first day, a window removed gives it to Add window: the keyboard and a screen
  // reader follow the change (Add window said nothing, and Remove left the focus on nothing: a probe).
  const id = useId();
  const focusNext = useRef<string>(undefined);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  }, [form.windows.length]);

  // Refused: every message shown by its field, and the first field to mend has the focus (on screen, its message read:
  // a probe's phone showed them below the fold and a screen reader heard nothing).
  const formRef = useRef<HTMLFormElement>(null);
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    focusFirstToMend(formRef.current, found);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const { DeliverySettingsSchema } = await loadFormSchemas();
    const parsed = DeliverySettingsSchema.safeParse(fromForm(form));
    if (!parsed.success) return refuse(errorsOf(parsed.error.issues));
    setErrors({});
    setSaving(true);
    try {
      const answer = await saveDeliverySettings(parsed.data);
      // As saved: "411 001, 411001" reads "411001" at once, not after a reload.
      setForm(toForm(answer.delivery));
      toast.success(answer.message);
    } catch (err) {
      if (err instanceof ApiError && err.issues.length > 0) refuse(errorsOf(err.issues));
      else if (err instanceof ApiError) toast.error(err.message);
    }
    setSaving(false);
  };
  /** A field's message is its description (after its hint, if any), and the field says it is to mend. */
  const described = (key: string, hint?: string) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${hint ?? ''} ${id}-${key}`.trim() } : { 'aria-describedby': hint };
  const windowField = (key: string) => `mt-1 h-10 rounded border px-2 ${errors[key] ? 'border-red-500' : 'border-field'}`;
  const message = (key: string, className = 'text-sm text-red-600') =>
    errors[key] && (
      <p id={`${id}-${key}`} className={className}>
        {errors[key]}
      </p>
    );

  // Only the label names the field; its hint and message describe it (inside the label, a screen reader heard them as
  // its name: "Delivery fee (Rs) Delivery fee must be at most 1000", the message twice with its description: a probe).
  const field = (name: keyof SettingsForm, label: string, hint?: string) => (
    <div className="flex flex-col text-sm text-gray-600">
      <label htmlFor={`${id}-${name}-field`}>{label}</label>
      <input
        id={`${id}-${name}-field`}
        name={name}
        value={form[name] as string}
        onChange={(e) => set({ [name]: e.target.value })}
        inputMode="decimal"
        {...described(name, hint && `${id}-${name}-hint`)}
        className={`mt-1 h-10 w-40 rounded border px-3 ${errors[name] ? 'border-red-500' : 'border-field'}`}
      />
      {hint && (
        <span id={`${id}-${name}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </span>
      )}
      {message(name, 'mt-1 text-red-600')}
    </div>
  );

  return (
    <form ref={formRef} onSubmit={(e) => void save(e)} className="flex max-w-4xl flex-col gap-6" noValidate>
      <ShopWriteFields>
        <fieldset className="flex flex-col gap-2 rounded-md border border-gray-300 p-4">
          <legend className="px-1 font-medium">Where you deliver</legend>
          <label className="flex h-10 items-center gap-2 text-sm">
            <input type="radio" name="where" checked={form.everywhere} onChange={() => set({ everywhere: true })} className="h-4 w-4" /> Everywhere
          </label>
          <label className="flex h-10 items-center gap-2 text-sm">
            <input type="radio" name="where" checked={!form.everywhere} onChange={() => set({ everywhere: false })} className="h-4 w-4" /> Only these pincodes
          </label>
          {!form.everywhere && (
            <div className="flex flex-col text-sm text-gray-600">
              <label htmlFor={`${id}-pincodes-field`}>Pincodes (6 digits, or 3 digits for every pincode starting with them), separated by commas</label>
              <textarea
                id={`${id}-pincodes-field`}
                name="pincodes"
                value={form.pincodes}
                onChange={(e) => set({ pincodes: e.target.value })}
                rows={3}
                placeholder="411001, 411002, 560"
                {...described('pincodes')}
                className={`mt-1 rounded border px-3 py-2 ${errors.pincodes ? 'border-red-500' : 'border-field'}`}
              />
              {message('pincodes', 'mt-1 text-red-600')}
            </div>
          )}
        </fieldset>

        <fieldset className="flex flex-wrap gap-4 rounded-md border border-gray-300 p-4">
          <legend className="px-1 font-medium">What it costs</legend>
          {field('fee', 'Delivery fee (Rs)')}
          {field('freeAbove', 'Free delivery from (Rs)', 'Empty: never free')}
          {field('minOrder', 'Minimum order (Rs)', '0: any order')}
        </fieldset>

        <fieldset className="flex flex-col gap-4 rounded-md border border-gray-300 p-4">
          <legend className="px-1 font-medium">Delivery slots</legend>
          <p className="text-sm text-gray-600">
            {/* The zone by its name ("India Standard Time"), not its code (a probe read "Asia/Kolkata"). */}
            Shoppers choose one of these windows at checkout (times in {zoneName(timeZone)}). Without windows, no slot is asked for.
          </p>
          <div className="flex flex-wrap gap-4">
            {field('cutoffMinutes', 'Orders close before a window (minutes)')}
            {field('daysAhead', 'Days ahead offered (after today)')}
          </div>
          <ol className="flex flex-col gap-3">
            {form.windows.map((w, i) => (
              <li key={i} aria-label={`Window ${i + 1}`} className="flex flex-col gap-2 rounded border border-gray-200 p-3">
                <div role="group" aria-label={`Window ${i + 1} days`} className="flex flex-wrap gap-2">
                  {DAYS.map((day, d) => (
                    <label key={day} className="flex h-10 items-center gap-1 rounded border border-gray-300 px-2 text-sm">
                      <input
                        type="checkbox"
                        id={d === 0 ? `${id}-window-${i}` : undefined}
                        name={d === 0 ? `windows.${i}.days` : undefined}
                        {...(d === 0 ? described(`windows.${i}.days`) : {})}
                        checked={w.days.includes(d + 1)}
                        onChange={(e) => setWindow(i, { days: e.target.checked ? [...w.days, d + 1].sort() : w.days.filter((x) => x !== d + 1) })}
                      />
                      {day}
                    </label>
                  ))}
                </div>
                {/* Named per window: every window has a From, a To and a Remove (a screen reader heard them all alike: a probe). */}
                <div role="group" aria-label={`Window ${i + 1} hours`} className="flex flex-wrap items-end gap-3 text-sm text-gray-600">
                  <label className="flex flex-col">
                    From
                    <input {...CLOCK} name={`windows.${i}.start`} value={w.start} onChange={(e) => setWindow(i, { start: e.target.value })} {...described(`windows.${i}.start`)} className={windowField(`windows.${i}.start`)} />
                  </label>
                  <label className="flex flex-col">
                    To
                    <input {...CLOCK} name={`windows.${i}.end`} value={w.end} onChange={(e) => setWindow(i, { end: e.target.value })} {...described(`windows.${i}.end`)} className={windowField(`windows.${i}.end`)} />
                  </label>
                  <label className="flex flex-col">
                    Orders per window
                    <input
                      name={`windows.${i}.capacity`}
                      value={w.capacity}
                      inputMode="numeric"
                      onChange={(e) => setWindow(i, { capacity: e.target.value })}
                      {...described(`windows.${i}.capacity`)}
                      className={`${windowField(`windows.${i}.capacity`)} w-24`}
                    />
                  </label>
                  <button
                    type="button"
                    aria-label={`Remove window ${i + 1}`}
                    onClick={() => {
                      focusNext.current = `${id}-add-window`;
                      set({ windows: form.windows.filter((_, j) => j !== i) });
                    }}
                    className="h-10 cursor-pointer px-2 text-red-700 hover:underline"
                  >
                    Remove
                  </button>
                </div>
                {Object.keys(errors)
                  .filter((k) => k.startsWith(`windows.${i}.`))
                  .map((k) => (
                    <Fragment key={k}>{message(k)}</Fragment>
                  ))}
              </li>
            ))}
          </ol>
          {message('windows')}
          {form.windows.length >= DELIVERY_WINDOWS_MAX && <p className="text-sm text-gray-600">{`At most ${DELIVERY_WINDOWS_MAX} windows: remove one to add another.`}</p>}
          <button
            type="button"
            id={`${id}-add-window`}
            name="windows"
            {...described('windows')}
            disabled={!canWrite || form.windows.length >= DELIVERY_WINDOWS_MAX}
            onClick={() => {
              focusNext.current = `${id}-window-${form.windows.length}`;
              set({ windows: [...form.windows, { days: [1, 2, 3, 4, 5, 6], start: '09:00', end: '11:00', capacity: '10' }] });
            }}
            className="h-10 w-fit cursor-pointer rounded border border-gray-300 px-4 text-primary-ink hover:bg-primary/10 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Add window
          </button>
        </fieldset>

        {/* Busy, not disabled, while saving: a disabled button loses the keyboard's focus. */}
        <button type="submit" disabled={!canWrite} aria-disabled={saving || undefined} className="h-11 w-fit cursor-pointer rounded bg-primary-ink px-8 font-medium text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60">
          Save delivery settings
        </button>
      </ShopWriteFields>
    </form>
  );
}
