import { z } from 'zod';
import { calendarDaySchema, instantSchema } from './calendar.js';
import { isWholePaise } from './paise.js';
import { PINCODE_PATTERN } from './delivery-rules.js';
import { dayIn, zonedInstant } from './zoned-time.js';
import { ShopSlugSchema } from './shop-slug.js';

/** A shop's id (the schemas module imports this one, so its IdSchema is not imported here). */
const IdSchema = z.uuid({ message: 'Must be a valid id' });

/**
 * Delivery (issue 28): where a shop delivers, for how much, and when. The rules both sides apply live here
 * (which pincodes a shop serves, which windows it offers now); the fee itself is part of `priceCheckout`.
 */

/** A postal code as people write it, "411 001" (India Post's own way) or "411001": its digits without the spaces. */
export const postalCode = (typed: string) => typed.replace(/\s+/g, '');

// Documented as it is read (a probe: the document's pattern refused "411 001", which the call takes): spaces apart, 6 digits.
export const PincodeSchema = z
  .string({ message: 'Pincode must be 6 digits' })
  .overwrite(postalCode)
  .regex(PINCODE_PATTERN, 'Pincode must be 6 digits, the first not 0')
  .meta({ pattern: '^\\s*[1-9](\\s*\\d){5}\\s*$' });

/** The most pincodes (or prefixes) a shop lists, the most windows in its week, the furthest it offers ahead. */
export const DELIVERY_PINCODES_MAX = 500;
export const DELIVERY_WINDOWS_MAX = 28;
export const DELIVERY_DAYS_AHEAD_MAX = 14;
/** The most shops one delivery check answers: a cart's or a page's shops, never every shop (0138). */
export const DELIVERY_CHECK_SHOPS_MAX = 50;

/**
 * Whether a shop delivers to a pincode: `null` is everywhere; otherwise an exact 6-digit code or a 3-digit
 * prefix (a sorting district: "411" serves every Pune pincode) must match. A shop's pincodes are India's: a
 * postcode of an address abroad (`abroad`, when checkout knows the address's country) matches none of them,
 * even "411001" in Nepal, and a prefix stands for 6-digit pincodes only ("41100" is not in Pune).
 */
export function deliversTo(pincodes: readonly string[] | null, pincode: string, abroad = false): boolean {
  return pincodes === null || (!abroad && (pincodes.includes(pincode) || (PINCODE_PATTERN.test(pincode) && pincodes.includes(pincode.slice(0, 3)))));
}

const rupees = (label: string, max = 100_000) =>
  z
    .number({ message: `${label} must be an amount` })
    .min(0, `${label} must not be negative`)
    .max(max, `${label} must be at most ${max}`)
    .refine(isWholePaise, `${label} has at most 2 decimals`)
    .meta({ description: `${label} in rupees, 0 to ${max}, at most 2 decimals (paise)` });

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day, "08:00"; "8:00" as a seller types it is read as 08:00 (a probe was refused it). */
const ClockTimeSchema = (label: string) =>
  z
    .string({ message: `${label} must be a time HH:MM` })
    .overwrite((time) => time.trim().replace(/^(\d):/, '0$1:'))
    .regex(CLOCK_TIME, `${label} must be a time HH:MM (00:00 to 23:59)`)
    .meta({ pattern: '^\\s*([01]?\\d|2[0-3]):[0-5]\\d\\s*$' });

/** Minutes after midnight of `HH:MM`. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const DeliveryWindowSchema = z
  .strictObject({
    /** ISO weekdays, Monday = 1 … Sunday = 7. */
    days: z
      .array(z.int({ message: 'Days are 1 (Monday) to 7 (Sunday)' }).min(1, 'Days are 1 (Monday) to 7 (Sunday)').max(7, 'Days are 1 (Monday) to 7 (Sunday)'), {
        message: 'Choose the days of the window',
      })
      .min(1, 'Choose at least one day')
      .refine((days) => new Set(days).size === days.length, 'Each day once'),
    start: ClockTimeSchema('Start'),
    end: ClockTimeSchema('End'),
    capacity: z.int({ message: 'Capacity must be a whole number' }).min(1, 'Capacity must be at least 1').max(10_000, 'Capacity must be at most 10000'),
  })
  // Only of two times: "6 pm" was also told its window "ends after it starts" (a probe).
  .refine((w) => !CLOCK_TIME.test(w.start) || !CLOCK_TIME.test(w.end) || minutesOf(w.start) < minutesOf(w.end), {
    message: 'A window ends after it starts (on the same day)',
    path: ['end'],
  });
export type DeliveryWindow = z.infer<typeof DeliveryWindowSchema>;

/** GET/PUT /api/seller/delivery: a shop's delivery, amounts in rupees like every price of the API. */
const deliverySettingsFields = z.strictObject({
  pincodes: z
    .array(z.string({ message: 'Each pincode is written as text: "411001"' }).overwrite(postalCode).regex(/^[1-9](\d{2}|\d{5})$/, {
        // The entry is named: among fifty, the seller finds the one to fix.
        error: (issue) => `"${String(issue.input)}" is not a pincode: each is 6 digits, or 3 digits for every pincode starting with them; none starts with 0`,
      }).meta({ pattern: '^\\s*[1-9](\\s*\\d){2}((\\s*\\d){3})?\\s*$' }),
      // A caller's wrong shape said in the seller's words, not zod's "expected array, received string" (a probe).
      { message: 'Pincodes are a list of pincodes, or null to deliver everywhere' },
    )
    .max(DELIVERY_PINCODES_MAX, `At most ${DELIVERY_PINCODES_MAX} pincodes`)
    .nullable(),
  fee: rupees('Delivery fee'),
  /** The subtotal from which delivery is free; null: never free (when there is a fee). */
  freeAbove: rupees('Free delivery threshold').nullable(),
  minOrder: rupees('Minimum order'),
  windows: z.array(DeliveryWindowSchema, { message: 'Windows are a list of delivery windows' }).max(DELIVERY_WINDOWS_MAX, `At most ${DELIVERY_WINDOWS_MAX} windows`),
  /** Orders for a window close this many minutes before it starts. */
  cutoffMinutes: z.int({ message: 'Cut-off must be whole minutes' }).min(0, 'Cut-off must not be negative').max(7 * 24 * 60, 'Cut-off is at most a week'),
  /** Windows are offered for today and this many days after it. */
  daysAhead: z.int({ message: 'Days ahead must be a whole number' }).min(0, 'Days ahead must not be negative').max(DELIVERY_DAYS_AHEAD_MAX, `At most ${DELIVERY_DAYS_AHEAD_MAX} days ahead`),
});
/**
 * The most a shop charges for one delivery: Rs 1,000, far above a grocery's (Rs 20-150). The fee was up to Rs 1,00,000,
 * which a platform free-delivery coupon pays the shop in full (the operator's discount, no commission on a fee): a shop
 * ordering from itself with one was owed Rs 99,984 (a probe; decision 0276).
 */
export const DELIVERY_FEE_MAX = 1000;

/**
 * The calls of the signed-in shop's own delivery take no query: the operator's `?seller=` of the lists named no other
 * shop here, and its own shop's settings were read and saved instead (a probe: "Delivery settings saved").
 */
export const OwnShopOnlyQuerySchema = z.strictObject(
  {},
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `This call is the signed-in shop's own and takes no ${issue.keys.join(', ')}: sign in as the shop to change its delivery` : undefined) },
);

/**
 * What a shop saves: the fields, and the rules across them. The fee's most is the input's own (a fee saved above it before
 * is still read), in the schema so that the API document says it.
 */
export const DeliverySettingsSchema = deliverySettingsFields.extend({ fee: rupees('Delivery fee', DELIVERY_FEE_MAX) }).superRefine((s, ctx) => {
  if (s.pincodes !== null && s.pincodes.length === 0) ctx.addIssue({ code: 'custom', path: ['pincodes'], message: 'List at least one pincode, or deliver everywhere' });
  // Free from an order at or below the minimum: every order is free, the fee never charged (a probe saved Rs 50, free from Rs 10, minimum Rs 100).
  if (s.fee > 0 && s.freeAbove !== null && s.freeAbove <= s.minOrder) {
    ctx.addIssue({ code: 'custom', path: ['freeAbove'], message: `Every order of the minimum (${s.minOrder}) or more would be free: start free delivery above it, or set the fee to 0` });
  }
  // Two windows of one day may not overlap: a window is known by its start (a checkout names it so).
  s.windows.forEach((w, i) => {
    const clash = s.windows.findIndex(
      (o, j) => j < i && o.days.some((d) => w.days.includes(d)) && minutesOf(o.start) < minutesOf(w.end) && minutesOf(w.start) < minutesOf(o.end),
    );
    if (clash >= 0) ctx.addIssue({ code: 'custom', path: ['windows', i, 'start'], message: `Overlaps window ${clash + 1} on a shared day` });
  });
  // A window is offered while its start, less the cut-off, is ahead; the latest start offered is `daysAhead` days on at the
  // latest window's time. A cut-off that long closes every window before it is offered: the shop took no order at all,
  // its cart saying "no slot left" (a probe saved 3 days of cut-off with 2 days ahead).
  const latestStart = Math.max(...s.windows.map((w) => minutesOf(w.start)));
  if (s.windows.length > 0 && s.cutoffMinutes >= s.daysAhead * 24 * 60 + latestStart) {
    ctx.addIssue({ code: 'custom', path: ['cutoffMinutes'], message: 'This cut-off closes every window before it is offered: shorten it or offer more days ahead' });
  }
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** A shop that never set its delivery: everywhere, free, no minimum, no windows (the spec's screens as they are). */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = { pincodes: null, fee: 0, freeAbove: null, minOrder: 0, windows: [], cutoffMinutes: 60, daysAhead: 3 };

// Answered by the fields alone: settings saved before a rule across them existed are still read, to be mended.
/**
 * The shop's delivery: its fields at the top level, as issue 28 writes the call (`GET`/`PUT {pincodes, fee, …}`), and
 * under `delivery`, as the seller screen reads them; the store's time zone the windows are in.
 */
export const DeliverySettingsAnswerSchema = deliverySettingsFields.extend({ success: z.literal(true), message: z.string(), delivery: deliverySettingsFields, timeZone: z.string() });

const SellerIdsSchema = z
  .string()
  .transform((v) => v.split(',').map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(IdSchema).min(1, 'Name at least one shop').max(DELIVERY_CHECK_SHOPS_MAX, `At most ${DELIVERY_CHECK_SHOPS_MAX} shops`))
  .meta({
    description:
      `The shops to check: their ids separated by commas (id1,id2), at least 1 and at most ${DELIVERY_CHECK_SHOPS_MAX}, sent once ` +
      '(a second `sellers=` is refused, 400). Not given: a page of the shops that deliver to the pincode',
  });

/** The address's country, as checkout reads it: a shop limited to pincodes delivers in India only (0138). */
const AddressCountrySchema = z
  .string({ message: 'Country must be text' })
  .trim()
  .max(100, 'Country must be at most 100 characters')
  .optional()
  .meta({ description: "The address's country: a shop limited to pincodes delivers in India only" });

/** GET /api/delivery/check: the shops named (a cart's, a page's), or a page of the shops delivering there (0138). */
export const DeliveryCheckQuerySchema = z.strictObject({
  pincode: PincodeSchema.meta({ description: 'The 6-digit Indian pincode to deliver to, the first digit not 0 ("411 001" as India Post writes it is read as 411001)' }),
  sellers: SellerIdsSchema.optional(),
  cursor: IdSchema.optional().meta({ description: "Without `sellers`: the page after the previous one, that answer's `nextCursor` (not given: the first page)" }),
  country: AddressCountrySchema,
});
export const DeliveryCheckAnswerSchema = z.object({
  success: z.literal(true),
  pincode: z.string(),
  sellers: z.array(z.object({ id: z.string(), shopName: z.string(), delivers: z.boolean() })),
  /** Without `sellers`: the next page's cursor (the last shop's id), null at the end. */
  nextCursor: z.string().nullable(),
});
export type DeliveryCheckAnswer = z.infer<typeof DeliveryCheckAnswerSchema>;

/** `country` is the address's: a shop limited to pincodes delivers in India only, as checkout refuses (0138). */
export const DeliverySlotsQuerySchema = z.strictObject({
  seller: ShopSlugSchema.meta({ description: "The shop: its id, or its address (its slug, as in /shop/{slug}) as the product lists' `seller` takes it" }),
  pincode: PincodeSchema.optional().meta({ description: 'The address\'s pincode (6 digits): whether the shop delivers there; not given, its windows whatever the address' }),
  country: AddressCountrySchema,
});
export const DeliverySlotSchema = z.object({ start: z.string(), end: z.string() });
export type DeliverySlot = z.infer<typeof DeliverySlotSchema>;
export const DeliverySlotsAnswerSchema = z.object({
  success: z.literal(true),
  /** Whether the shop delivers to the pincode asked about (true without one). No slots when it does not. */
  delivers: z.boolean(),
  /** Whether the shop asks for a window at checkout. */
  slotsRequired: z.boolean(),
  timeZone: z.string(),
  /** The shop's fee, free-delivery threshold and minimum (rupees): the cart prices with them (`priceCheckout`). */
  fee: z.number(),
  freeAbove: z.number().nullable(),
  minOrder: z.number(),
  slots: z.array(DeliverySlotSchema.extend({ remaining: z.int().min(1) })),
});
export type DeliverySlotsAnswer = z.infer<typeof DeliverySlotsAnswerSchema>;

/** Checkout's choice of windows: a shop's id to the start of its window (ISO 8601). */
export const DeliverySlotsChoiceSchema = z
  .record(IdSchema, instantSchema('A delivery slot is the start of a window (ISO 8601)'))
  // A record's keys are checked, not transformed: a shop's id in capitals names the same shop, as a product's does.
  .transform((slots) => Object.fromEntries(Object.entries(slots).map(([sellerId, start]) => [sellerId.toLowerCase(), start])));

/**
 * GET /api/seller/deliveries?day=: a shop's orders of one delivery day, by window (the "Deliveries today" board): at most
 * DELIVERIES_BOARD_WINDOWS windows (the operator's board holds every shop's), each with its first DELIVERIES_WINDOW_ORDERS
 * orders and the count of all of them.
 */
export const DELIVERIES_BOARD_WINDOWS = 40;
export const DELIVERIES_WINDOW_ORDERS = 30;
export const DeliveriesQuerySchema = z.strictObject({
  day: calendarDaySchema('day').optional().meta({ description: "The delivery day, YYYY-MM-DD in the shop's time zone (not given: today)" }),
});
export const DeliveriesAnswerSchema = z.object({
  success: z.literal(true),
  day: z.string(),
  timeZone: z.string(),
  windows: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      /** The shop delivering in it (the operator's board holds every shop's windows). */
      shopName: z.string(),
      capacity: z.int().min(0).nullable(),
      /** Places taken in it: every order booked, a card checkout still waiting for its payment too. */
      booked: z.int().min(0),
      /** Its orders to deliver (cash on delivery, or paid), every one: `orders` holds the first DELIVERIES_WINDOW_ORDERS. */
      orderCount: z.int().min(0),
      // `toCollect`: the cash the rider takes at the door (an unpaid cash-on-delivery order's amount), 0 when paid.
      // `refunded`: the order was given back after its delivery (its amount is no longer the shop's).
      orders: z.array(z.object({ _id: z.string(), orderNumber: z.string(), buyer: z.string(), zipcode: z.string(), status: z.string(), amount: z.number(), toCollect: z.number(), refunded: z.boolean(), items: z.int().min(0) })),
    }),
  ),
  /** True when the day had more orders than the board shows (a window's past its first ones, or windows past the last shown). */
  truncated: z.boolean(),
  /** With none that day: the next day a delivery is booked on (YYYY-MM-DD, the shop's time zone), or null when none is. */
  nextDay: z.string().nullable(),
});
export type DeliveriesAnswer = z.infer<typeof DeliveriesAnswerSchema>;

// ---- the week's windows as instants ----


const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** ISO weekday of a calendar day: Monday = 1 … Sunday = 7. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export interface WindowInstance {
  start: Date;
  end: Date;
  capacity: number;
}

/** The windows of a shop's week on one calendar day (in the store's time zone), with their capacity as set now. */
export function windowsOn(s: Pick<DeliverySettings, 'windows'>, day: string, timeZone: string): WindowInstance[] {
  return s.windows
    .filter((w) => w.days.includes(isoWeekday(day)))
    .map((w) => ({ start: zonedInstant(day, w.start, timeZone), end: zonedInstant(day, w.end, timeZone), capacity: w.capacity }));
}

/**
 * The windows a shop offers now: each window of its week on today and the next `daysAhead` days (in the store's
 * time zone), soonest first, leaving out those whose cut-off (`cutoffMinutes` before the start) has passed.
 * Capacity left is the caller's to read (the database holds what is taken).
 */
export function offeredWindows(s: Pick<DeliverySettings, 'windows' | 'cutoffMinutes' | 'daysAhead'>, now: Date, timeZone: string): WindowInstance[] {
  const today = dayIn(now, timeZone);
  const offered: WindowInstance[] = [];
  for (let d = 0; d <= s.daysAhead; d++) {
    offered.push(...windowsOn(s, addDays(today, d), timeZone).filter((w) => w.start.getTime() - s.cutoffMinutes * 60_000 > now.getTime()));
  }
  return offered.sort((a, b) => a.start.getTime() - b.start.getTime());
}

