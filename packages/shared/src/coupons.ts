import { z } from 'zod';
import { CATEGORY_PATHS } from './categories.js';
import type { ErrorCode } from './error-codes.js';
import type { ShopDiscount } from './checkout-pricing.js';
import { instantSchema } from './calendar.js';
import { isWholePaise } from './paise.js';
import { IdSchema, PageCursorSchema, pageSize, PlaceOrderInputSchema } from './schemas.js';
import { ShopSlugSchema } from './shop-slug.js';
import { COUPON_TYPES, type CouponType } from './coupon-rules.js';
import { couponStanding } from './coupon-standing.js';

/**
 * Coupons (issue 29): the one home of the discount rule (docs/decisions/0155, 0156). Pure: the cart's
 * summary (with the check call's answer) and the server's checkout both run it; taking a use is a write,
 * done by place_order in the transaction that writes the orders (0157).
 */

/** A coupon's rule as the discount needs it. Amounts in minor units. */
export interface CouponRule {
  id: string;
  code: string;
  type: CouponType;
  /** percent: whole percent (1-100); amount: minor units; free-delivery: 0. */
  value: number;
  minSubtotalMinor: number | null;
  maxDiscountMinor: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUses: number | null;
  usesPerShopper: number | null;
  firstOrderOnly: boolean;
  categories: string[] | null;
  productIds: string[] | null;
  /** null: a platform coupon (the operator pays); a shop's id: only that shop's products (the shop pays). */
  sellerId: string | null;
  active: boolean;
}

/** What the shopper and the coupon have used so far. */
export interface CouponUsage {
  usesTaken: number;
  usesByShopper: number;
  shopperHasOrders: boolean;
}

export interface CouponCartLine {
  productId: string;
  sellerId: string;
  category: string;
  unitPriceMinor: number;
  quantity: number;
}

export type CouponRefusal =
  | { reason: 'unknown' }
  /** The coupon exists but its maker paused it (it may be resumed): said, so a code from a flyer is not called unknown. */
  | { reason: 'paused' }
  | { reason: 'not-started'; startsAt: Date }
  | { reason: 'expired' }
  | { reason: 'used-up' }
  | { reason: 'already-used' }
  /** `household`: the shopper has no order, another account has, to the address's phone number (checkout judges a household's first order). */
  | { reason: 'first-order-only'; household?: true }
  /** `categories`: a coupon limited to these, none of which the cart holds (said, so the shopper knows what it is for). */
  | { reason: 'not-applicable'; categories?: string[]; deliveryFree?: true }
  /**
   * `of`: what the minimum counts when not the whole cart (a coupon limited to categories or products): the shopper
   * adding anything else would be refused again (a probe).
   */
  | { reason: 'minimum-not-reached'; shortByMinor: number; of?: string };

export interface CouponDiscount {
  discountMinor: number;
  /** Every in-scope line's share of the goods discount, by product id; they sum to the goods part. */
  lines: { productId: string; sellerId: string; discountMinor: number }[];
  /** Each shop order's share (goods and delivery), for `priceCheckout`. */
  shops: Map<string, ShopDiscount>;
  /**
   * What an amount-off coupon's face value leaves untaken, being more than the goods in its scope. It is not kept for
   * another order (the shopper is told before ordering). 0 for a percentage or a free delivery.
   */
  unusedMinor: number;
}

/**
 * Divides `total` over `weights` in exact minor units (largest remainder, ties to the earlier weight):
 * the parts sum to `total`, each is its weight's proportional share rounded down or up, so a part never
 * exceeds its weight when total ≤ Σ weights. Deterministic for the same inputs.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  // In BigInt: a cart's total times a line's subtotal passes 2^53 for the largest carts.
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n || total === 0) return weights.map(() => 0);
  const whole = BigInt(total);
  const parts = weights.map((w) => Number((whole * BigInt(w)) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = weights.map((w, i) => ({ i, rest: (whole * BigInt(w)) % sum })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i]!++;
    left--;
  }
  return parts;
}

type CouponScope = Pick<CouponRule, 'sellerId' | 'categories' | 'productIds'>;

const inScope = (coupon: CouponScope, line: CouponCartLine) =>
  (coupon.sellerId === null || line.sellerId === coupon.sellerId) &&
  (!coupon.categories?.length || coupon.categories.includes(line.category)) &&
  (!coupon.productIds?.length || coupon.productIds.includes(line.productId));

/**
 * What of `lines` a coupon's minimum is judged on: its lines in scope (its shop, categories, products) at their prices.
 * Checkout's rule, and a shopper's cancel's: the orders that stay must still reach it (docs/decisions/0263).
 */
export const couponEligibleMinor = (coupon: CouponScope, lines: readonly CouponCartLine[]): number =>
  lines.reduce((sum, line) => sum + (inScope(coupon, line) ? line.unitPriceMinor * line.quantity : 0), 0);

/**
 * The coupon against a cart: a refusal with its reason, or the discount divided over lines and shops.
 * `deliveryFees` are the shop orders' delivery fees (by shop id; none yet: issue 28 adds them), which a
 * free-delivery coupon takes off once per shop order that has a line in its scope.
 */
export function evaluateCoupon(
  coupon: CouponRule | undefined,
  lines: readonly CouponCartLine[],
  usage: CouponUsage,
  now: Date,
  deliveryFees: ReadonlyMap<string, number> = new Map(),
): { ok: true; discount: CouponDiscount } | ({ ok: false } & CouponRefusal) {
  if (!coupon) return { ok: false, reason: 'unknown' };
  const standing = couponStanding(coupon, usage.usesTaken, now);
  if (standing === 'not-started') return { ok: false, reason: standing, startsAt: coupon.startsAt! };
  if (standing !== 'usable') return { ok: false, reason: standing };
  if (coupon.usesPerShopper !== null && usage.usesByShopper >= coupon.usesPerShopper) return { ok: false, reason: 'already-used' };
  if (coupon.firstOrderOnly && usage.shopperHasOrders) return { ok: false, reason: 'first-order-only' };
  // In product id order, so the division is the same whatever order the cart lists its lines in.
  const scoped = lines.filter((line) => inScope(coupon, line)).sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  if (scoped.length === 0) return { ok: false, reason: 'not-applicable', ...(coupon.categories?.length ? { categories: coupon.categories } : {}) };
  const subtotals = scoped.map((l) => l.unitPriceMinor * l.quantity);
  const eligibleMinor = couponEligibleMinor(coupon, scoped);
  if (coupon.minSubtotalMinor !== null && eligibleMinor < coupon.minSubtotalMinor) {
    const of = coupon.categories?.length ? coupon.categories.join(', ') : coupon.productIds?.length ? 'the products it is for' : undefined;
    return { ok: false, reason: 'minimum-not-reached', shortByMinor: coupon.minSubtotalMinor - eligibleMinor, ...(of && { of }) };
  }
  const cap = (amount: number) => (coupon.maxDiscountMinor === null ? amount : Math.min(amount, coupon.maxDiscountMinor));
  const shops = new Map<string, ShopDiscount>();
  for (const line of lines) shops.set(line.sellerId, { goodsMinor: 0, deliveryMinor: 0 });
  if (coupon.type === 'free-delivery') {
    const shopIds = [...new Set(scoped.map((l) => l.sellerId))].sort();
    const fees = shopIds.map((id) => deliveryFees.get(id) ?? 0);
    const discountMinor = cap(fees.reduce((a, b) => a + b, 0));
    // Delivery already free: the coupon would take nothing off, and must not take a use for it (said as such: "does not
    // apply to anything in your cart" read as a coupon for other products, a probe).
    if (discountMinor === 0) return { ok: false, reason: 'not-applicable', deliveryFree: true };
    allocate(discountMinor, fees).forEach((part, i) => (shops.get(shopIds[i]!)!.deliveryMinor = part));
    return { ok: true, discount: { discountMinor, lines: scoped.map((l) => ({ productId: l.productId, sellerId: l.sellerId, discountMinor: 0 })), shops, unusedMinor: 0 } };
  }
  const raw = coupon.type === 'percent' ? Math.floor((eligibleMinor * coupon.value) / 100) : Math.min(coupon.value, eligibleMinor);
  const discountMinor = cap(raw);
  if (discountMinor === 0) return { ok: false, reason: 'not-applicable' };
  const parts = allocate(discountMinor, subtotals);
  const discounted = scoped.map((l, i) => ({ productId: l.productId, sellerId: l.sellerId, discountMinor: parts[i]! }));
  for (const line of discounted) shops.get(line.sellerId)!.goodsMinor += line.discountMinor;
  return { ok: true, discount: { discountMinor, lines: discounted, shops, unusedMinor: coupon.type === 'amount' ? coupon.value - discountMinor : 0 } };
}

/** The refusal's error code (error-codes.ts) and its message for the shopper. */
export function couponRefusalMessage(
  refusal: CouponRefusal,
  code: string,
  formatMinor: (minor: number) => string,
  /** An instant as the store's day and time (its time zone, not UTC's): a coupon starting later today said only "today". */
  formatWhen: (instant: Date) => string,
): { code: ErrorCode; message: string } {
  switch (refusal.reason) {
    case 'unknown':
      return { code: 'COUPON_UNKNOWN', message: `There is no coupon ${code}` };
    case 'paused':
      return { code: 'COUPON_PAUSED', message: `Coupon ${code} is paused and cannot be used right now` };
    case 'not-started':
      return { code: 'COUPON_NOT_STARTED', message: `Coupon ${code} is not valid yet: it starts on ${formatWhen(refusal.startsAt)}` };
    case 'expired':
      return { code: 'COUPON_EXPIRED', message: `Coupon ${code} has expired` };
    case 'used-up':
      return { code: 'COUPON_USED_UP', message: `Coupon ${code} has been used up` };
    case 'already-used':
      return { code: 'COUPON_ALREADY_USED', message: `You have already used coupon ${code}` };
    case 'first-order-only':
      return {
        code: 'COUPON_FIRST_ORDER_ONLY',
        message: `Coupon ${code} is for a first order only${refusal.household ? ": an order was placed before with this address's phone number" : ''}`,
      };
    case 'not-applicable':
      return {
        code: 'COUPON_NOT_APPLICABLE',
        message: refusal.deliveryFree
          ? `Coupon ${code} takes nothing off: delivery is already free for your cart`
          : `Coupon ${code} does not apply to anything in your cart${refusal.categories ? `: it is for ${refusal.categories.join(', ')} only` : ''}`,
      };
    case 'minimum-not-reached':
      return { code: 'COUPON_MINIMUM_NOT_REACHED', message: `Add ${formatMinor(refusal.shortByMinor)} more${refusal.of ? ` of ${refusal.of}` : ''} to use coupon ${code}` };
  }
}

export const COUPON_CODE_MAX = 32;

/** A code as typed: letters, digits, - and _; compared without case. */
export const CouponCodeSchema = z
  .string({ message: 'Enter a coupon code' })
  .trim()
  .min(3, 'A coupon code has at least 3 characters')
  .max(COUPON_CODE_MAX, `A coupon code has at most ${COUPON_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'A coupon code has only letters, digits, - and _');

/** A number field's message: empty, or text that is no number ("10%", "Rs 200": a probe read "Enter a value" under them). */
const numberMessage = (empty: string, example: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? empty : `Type the number alone, like ${example}`;

const RupeesSchema = z.number({ error: numberMessage('Enter an amount', '200') }).positive('Must be more than 0').max(1_000_000, 'At most 10,00,000').refine(isWholePaise, 'At most 2 decimals (paise)')
  .meta({ description: 'Rupees, more than 0 and at most 10,00,000, with at most 2 decimals (paise)' });
const CountSchema = z.number({ error: numberMessage('Enter a number', '100') }).int('Must be a whole number').min(1, 'At least 1').max(1_000_000_000, 'Too large');

/** A coupon's limits and dates, which its owner may change later (POST /api/seller/coupons/edit). */
const COUPON_LIMIT_FIELDS = {
  minSubtotal: RupeesSchema,
  maxDiscount: RupeesSchema,
  startsAt: instantSchema('A date and time (ISO 8601)'),
  endsAt: instantSchema('A date and time (ISO 8601)'),
  totalUses: CountSchema,
  usesPerShopper: CountSchema,
};
/** At creation each absent is none. */
const COUPON_LIMITS = z.object(COUPON_LIMIT_FIELDS).partial().shape;
const endsAfterStart = (input: { startsAt?: string | null; endsAt?: string | null }, ctx: z.RefinementCtx) => {
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  }
};

export const CouponInputSchema = z
  .strictObject({
    code: CouponCodeSchema,
    type: z.enum(COUPON_TYPES, { message: 'Choose percent, amount or free-delivery' }),
    /** percent: 1-100; amount: rupees; free-delivery: 0 or absent. */
    value: z
      .number({ error: numberMessage('Enter a value', '10') })
      .min(0, 'Must be 0 or more')
      .max(1_000_000, 'At most 10,00,000')
      .default(0)
      // The rule per type is checked with the whole body (below): said here, where a client reads the field (a probe).
      .meta({ description: 'By `type`: percent, a whole number from 1 to 100; amount, rupees more than 0 to the paisa; free-delivery, 0 or left out' }),
    ...COUPON_LIMITS,
    firstOrderOnly: z.boolean().default(false),
    categories: z.array(z.enum(CATEGORY_PATHS, { message: 'Unknown category' })).max(50).optional(),
    productIds: z.array(IdSchema).max(200).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'percent' && (!Number.isInteger(input.value) || input.value < 1 || input.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
    }
    if (input.type === 'amount' && (input.value <= 0 || !isWholePaise(input.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount is more than 0, to the paisa' });
    }
    if (input.type === 'free-delivery' && input.value !== 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Free delivery takes no value' });
    // "Rs 5 off, at most Rs 2" said two things (a probe): an amount is the most it takes off already.
    if (input.type === 'amount' && input.maxDiscount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'An amount coupon takes no cap: its value is the most it takes off' });
    }
    endsAfterStart(input, ctx);
  });
export type CouponInput = z.infer<typeof CouponInputSchema>;

/**
 * POST /api/seller/coupons/edit (decision 0281, amended): the limits and dates sent change, each `null` removed, each left
 * out stays as it is. Its code and its offer (type, value, scope, first order only) stay: shoppers were told them; a new
 * offer is a new code.
 */
export const CouponEditInputSchema = z
  .strictObject({
    id: IdSchema,
    ...Object.fromEntries(Object.entries(COUPON_LIMIT_FIELDS).map(([name, field]) => [name, field.nullable().optional()])) as {
      [K in keyof typeof COUPON_LIMIT_FIELDS]: z.ZodOptional<z.ZodNullable<(typeof COUPON_LIMIT_FIELDS)[K]>>;
    },
  })
  .superRefine(endsAfterStart);
export type CouponEditInput = z.infer<typeof CouponEditInputSchema>;

/** A coupon as the seller's list shows it (amounts in rupees). */
export const CouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  totalUses: z.number().nullable(),
  usesPerShopper: z.number().nullable(),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.string()).nullable(),
  productIds: z.array(z.string()).nullable(),
  /** 'platform': the operator's (it pays); 'shop': one shop's (it pays). */
  scope: z.enum(['platform', 'shop']),
  /** The shop whose coupon it is (null: the platform's): the operator's list names it. */
  shop: z.object({ id: z.string(), shopName: z.string(), slug: z.string() }).nullable(),
  active: z.boolean(),
  /** Paused by the operator (moderation of a shop's coupon): only the operator resumes it. */
  pausedByOperator: z.boolean(),
  /** Uses taken now (an unpaid online order holds one) and the discount they gave, rupees. */
  uses: z.number(),
  discountGiven: z.number(),
  /** Whether a checkout ever took a use of it, given back since or not: such a coupon stays with its orders (no delete, 0285). */
  everUsed: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponSavedAnswerSchema = z.object({ success: z.literal(true), message: z.string(), coupon: CouponSchema });
export const CouponListQuerySchema = z.strictObject({
  cursor: PageCursorSchema.optional(),
  limit: pageSize(20, 100, 'Coupons'),
  /**
   * A code to find: in a shop's list (a seller's own, or the operator's `seller`), the coupons whose code starts with it;
   * the operator without `seller`, the one coupon of any shop with exactly this code (codes are the store's, unique).
   */
  q: z
    .string()
    .trim()
    .max(COUPON_CODE_MAX, `A coupon code has at most ${COUPON_CODE_MAX} characters`)
    .optional()
    .meta({
      description:
        `A coupon code, in any letter case, at most ${COUPON_CODE_MAX} characters: in a shop's list (a seller's own, or the operator's with \`seller\`) the coupons whose code starts with it; ` +
        "the operator without `seller`, the one coupon of any shop with exactly this code",
    }),
  /** The operator: one shop's coupons, by its address or id (moderation). A seller's list holds only its own. */
  seller: ShopSlugSchema.optional().meta({
    description:
      "The operator's moderation: one shop's coupons, by its address (its slug, as in /shop/{slug}) or its id (not given: the platform's coupons; a shop none names: none). " +
      "A shop's own call lists only its own coupons whatever it sends: its own address or id changes nothing, another shop's gives an empty list",
  }),
});
export type CouponListQuery = z.infer<typeof CouponListQuerySchema>;
export const CouponListAnswerSchema = z.object({ success: z.literal(true), coupons: z.array(CouponSchema), nextCursor: z.string().nullable() });
export const CouponStatusInputSchema = z.strictObject({ id: IdSchema, active: z.boolean() });

/** POST /api/seller/coupons/delete: a coupon no checkout used, its code then free for any shop. */
export const CouponDeleteInputSchema = z.strictObject({ id: IdSchema });

/**
 * The coupons a shop holds that have not ended, at most: codes are one across the marketplace (0155), and a probe's shop
 * took 165 common codes in 2 seconds, the operator's DIWALI50 among them, for good.
 */
export const SHOP_COUPONS_MAX = 100;

export const CouponCheckInputSchema = z.strictObject({
  code: CouponCodeSchema,
  /** The lines checkout would send, with its rules and messages. */
  items: PlaceOrderInputSchema.shape.items,
});
export type CouponCheckInput = z.infer<typeof CouponCheckInputSchema>;
export const CouponCheckAnswerSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  discount: z.number(),
  lines: z.array(z.object({ product: z.string(), discount: z.number() })),
  /** Each shop order's share (goods and delivery), rupees: the cart shows a discount line per shop. */
  shops: z.array(z.object({ seller: z.string(), discount: z.number(), goods: z.number(), delivery: z.number() })),
  unused: z.number().meta({
    description: "Rupees of an amount-off coupon's face value this cart does not take, its goods in the coupon's scope costing less: not kept for another order. 0 for a percentage or a free delivery",
  }),
  /** The discount in words, and what of the coupon is not used when some is not: the cart shows it then. */
  message: z.string(),
});
export type CouponCheckAnswer = z.infer<typeof CouponCheckAnswerSchema>;
