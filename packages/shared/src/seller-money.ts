import { z } from 'zod';
import { dayRange, fromAfterTo, fromNotAfterTo } from './calendar.js';
import { PAYOUT_MAX, PAYOUT_REFERENCE_MAX } from './constants.js';
import { DeliverySlotSchema } from './delivery.js';
import { isWholePaise } from './paise.js';
import { IdSchema, PageCursorSchema, pageSize, requiredText, ShopRefSchema, ShopSearchSchema, textField } from './schemas.js';

/**
 * The marketplace's money (issue 26): one cart placed as one order per shop, the operator's commission,
 * each shop's append-only ledger and its payouts. Amounts are major units at the API (rupees, like the
 * spec's prices) and integer minor units (paise) inside; percentages are kept as basis points.
 */

// ---- checkout ----
/** One shop's order of a checkout, as the place-order answers list them. */
export const PlacedShopOrderSchema = z.object({
  _id: z.string(),
  /** Issue 28: what e-mails and screens call it (`GC-120000`), its delivery fee (in `amount`) and window. */
  orderNumber: z.string(),
  seller: ShopRefSchema,
  amount: z.number(),
  deliveryFee: z.number(),
  deliverySlot: DeliverySlotSchema.nullable(),
  discount: z.number(),
});
export type PlacedShopOrder = z.infer<typeof PlacedShopOrderSchema>;

/** Keys every place-order answer adds to the spec's: the checkout and its shops' orders (`orderId` is the first). */
export const checkoutAnswerFields = {
  checkoutId: z.string().meta({ description: "The checkout, shared by its shops' orders" }),
  orders: z.array(PlacedShopOrderSchema).meta({ description: 'One order per shop of the cart' }),
  coupon: z.string().nullable().meta({ description: 'The coupon code used (issue 29), or null' }),
  discount: z.number().meta({ description: "The coupon's discount over every shop order, rupees" }),
  alreadyPlaced: z
    .literal(true)
    .optional()
    .meta({ description: 'The same checkout was placed (a card one: paid) in the last 10 minutes: this answers it again, nothing new was placed; `message` says so' }),
};

// ---- commission ----
/** A percentage with at most 2 decimals, 0 to 100: 12.5 % is kept as 1250 basis points. */
export const CommissionPercentSchema = z
  .number({ message: 'Commission must be a number (a percentage)' })
  .min(0, 'Commission must be between 0 and 100 %')
  .max(100, 'Commission must be between 0 and 100 %')
  .refine(isWholePaise, { message: 'Commission can have at most 2 decimals' })
  .meta({ description: 'A percentage, 0 to 100, with at most 2 decimals (12.5)' });

export const percentToBps = (percent: number) => Math.round(percent * 100);
export const bpsToPercent = (bps: number) => bps / 100;

/** The operator's commission on an amount in minor units: rounded down to the paisa, in the shop's favour. */
export const commissionMinor = (amountMinor: number, bps: number) => Math.floor((amountMinor * bps) / 10_000);

/**
 * POST /api/seller/commission: the default percentage (no `sellerId`), or one shop's override;
 * `percent: null` with a `sellerId` drops the override (the shop pays the default again).
 */
export const CommissionInputSchema = z
  .strictObject({ percent: CommissionPercentSchema.nullable(), sellerId: IdSchema.optional() })
  .refine((input) => input.percent !== null || input.sellerId !== undefined, { message: 'The default commission needs a percent', path: ['percent'] });
export type CommissionInput = z.infer<typeof CommissionInputSchema>;

export const CommissionAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The default percentage every shop without an override pays. */
  defaultPercent: z.number(),
  /** The shop the call changed (with `sellerId`): its override (null: none) and the percentage it pays. */
  shop: z.object({ sellerId: z.string(), overridePercent: z.number().nullable(), percent: z.number() }).optional(),
});
export type CommissionAnswer = z.infer<typeof CommissionAnswerSchema>;
/**
 * GET /api/seller/commission also counts the shops that pay the default (no rate of their own; approved, or suspended
 * since), each of which a change of the default reaches and e-mails: what the operator confirms first (0249 amended).
 * A type only here: its schema is the API's (settlement-routes.ts), so no byte of it reaches the browser's first load.
 */
export type CommissionReadAnswer = CommissionAnswer & { shopsOnDefault: number };

// ---- ledger ----
export const LEDGER_ENTRY_TYPES = ['sale', 'commission', 'refund', 'payout'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/**
 * One line of a shop's statement. `amount` is positive as its type names it (a sale of 102, a commission
 * of 10.2); a correction is a new entry of the opposite sign (a refunded order's commission given back is
 * a commission of -10.2). balance = sales − commission − refunds − payouts.
 */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  amount: z.number(),
  /** What the entry is in the statement's words (ledgerEntryLabel): a `payout` is "Payout", "Cash collected", "Cash given back" or "Payment to GreenCart". */
  description: z.string().meta({
    description:
      'What the entry is, as the statement and its CSV name it: Sale, Commission, Commission returned, Refund, Payout (GreenCart paid the shop), Cash collected (a cash order\'s money the shop\'s rider kept), Cash given back (at its refund) or Payment to GreenCart (the shop paid what it owed)',
  }),
  orderId: z.string().optional(),
  /** The order's short number (`GC-100234`), as Orders shows it. */
  orderNumber: z.string().optional(),
  payoutId: z.string().optional(),
  /** A payout's reference, as the operator recorded it (a bank transfer's UTR). */
  payoutReference: z.string().optional(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LEDGER_PAGE_SIZE = 50;
const ledgerPageSize = z.coerce
  .number()
  .int('limit must be a whole number')
  .min(1, 'limit must be between 1 and 200')
  .max(200, 'limit must be between 1 and 200')
  .default(LEDGER_PAGE_SIZE)
  .meta({ description: `Entries a page, 1-200 (${LEDGER_PAGE_SIZE} when not given)` });
/** An entry's id: the cursor of the ledger's pages. */
const EntryCursorSchema = z
  .string()
  .regex(/^\d{1,18}$/, 'cursor must be an entry id')
  .meta({ description: "The page after the previous one: that answer's `nextCursor`, an entry's number (not given: the first page)" });

/**
 * GET /api/seller/ledger: a shop's statement, newest first: all of it, or the entries of the shop days `from`-`to` (both
 * included; a month's for the accounts); a seller reads its own (another shop's `sellerId` is 404, as if there were
 * none), the operator any.
 */
// `sellerId` is the operator's; the service refuses another shop's to a seller (targetShop: 404, as if there were none).
const statementShop = IdSchema.optional().meta({
  description:
    "The operator's: the shop whose statement to read, by its id (not given: the operator's own shop). " +
  "A shop reads only its own: its own id is the same as none, another shop's answers 404 SELLER_NOT_FOUND",
});
const statementDays = {
  from: dayRange.from.meta({ description: "The statement's first shop day (YYYY-MM-DD, in the shop's time zone); not after `to`" }),
  to: dayRange.to.meta({ description: "The statement's last shop day (YYYY-MM-DD, in the shop's time zone)" }),
};
export const LedgerQuerySchema = z
  .strictObject({ sellerId: statementShop, ...statementDays, cursor: EntryCursorSchema.optional(), limit: ledgerPageSize })
  .refine(fromNotAfterTo, fromAfterTo);
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;
export const LedgerExportQuerySchema = z.strictObject({ sellerId: statementShop, ...statementDays }).refine(fromNotAfterTo, fromAfterTo);

export const LedgerAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  seller: ShopRefSchema,
  entries: z.array(LedgerEntrySchema),
  /** What the marketplace owes the shop now. */
  balance: z.number(),
  /** The commission the shop pays now, in percent of a delivered order's goods (its own rate, else the default; 0 for the operator's shop). */
  commissionPercent: z.number(),
  /** A statement of days (`from`, `to` or both): the balance as it stood before its first day and after its last (decision 0283). */
  period: z
    .object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      opening: z.number(),
      closing: z.number(),
    })
    .optional()
    .meta({
      description:
        'Given `from` or `to` only: the balance as it stood at the start of `from` (`opening`; 0 without `from`, the ledger\'s start) and at the end of `to` ' +
        "(`closing`; the balance now without `to`). `closing` − `opening` is what the period's entries did to the balance, all pages of them",
    }),
  nextCursor: z.string().nullable(),
});
export type LedgerAnswer = z.infer<typeof LedgerAnswerSchema>;

// ---- payouts ----
/** One shop's account as the operator's payouts screen lists it (sums of its ledger, major units). */
export const ShopBalanceSchema = z.object({
  seller: ShopRefSchema,
  status: z.enum(['pending', 'approved', 'suspended']),
  balance: z.number(),
  sales: z.number(),
  commission: z.number(),
  refunds: z.number(),
  /** Σ of the payout entries, as the balance counts them: what GreenCart paid out, plus the cash kept, less what was paid in. */
  payouts: z.number(),
  /** Of `payouts` (decision 0276): what GreenCart paid the shop, the cash its riders kept, and what the shop paid GreenCart. */
  paidOut: z.number(),
  cashKept: z.number(),
  paidIn: z.number(),
  /** The percentage the shop pays, and its own override (null: it pays the default). */
  commissionPercent: z.number(),
  overridePercent: z.number().nullable(),
  /** The operator's own shop: it pays no commission (0, no override; docs/decisions/0121). */
  ownShop: z.boolean(),
  /** Whether a payout goes out as a Stripe Connect transfer: Stripe is configured and the shop has an account (else it is recorded as paid by hand). */
  connectedAccount: z.boolean(),
  /** The shop's Stripe Connect account as stored, and who set it (docs/decisions/0191, 0199); null: none. */
  payoutAccount: z.object({ id: z.string(), setBy: z.enum(['shop', 'operator']) }).nullable(),
});
export type ShopBalance = z.infer<typeof ShopBalanceSchema>;

export const PAYOUTS_PAGE_SIZE = 20;
/** GET /api/seller/payouts: every shop with its balance, oldest shop first, a page at a time. */
export const PayoutsQuerySchema = z.strictObject({
  q: ShopSearchSchema,
  /** `true`: only the shops the marketplace owes (a balance above zero). */
  owed: z.enum(['true', 'false'], { message: "owed must be 'true' or 'false'" }).optional().meta({ description: '`true`: only the shops GreenCart owes (a balance above zero)' }),
  /** `true`: only the shops that owe GreenCart (a balance below zero: the commission on cash they kept, decision 0276). */
  owes: z
    .enum(['true', 'false'], { message: "owes must be 'true' or 'false'" })
    .optional()
    .meta({ description: '`true`: only the shops that owe GreenCart (a balance below zero: the commission on cash their riders kept)' }),
  cursor: PageCursorSchema.optional(),
  limit: pageSize(PAYOUTS_PAGE_SIZE, 100, 'Shops'),
});
export type PayoutsQuery = z.infer<typeof PayoutsQuerySchema>;

export const PayoutsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  shops: z.array(ShopBalanceSchema),
  nextCursor: z.string().nullable(),
  /** The default commission percentage, and the operator's commission over every shop (Σ of the commission entries). */
  defaultPercent: z.number(),
  commissionTotal: z.number(),
});
export type PayoutsAnswer = z.infer<typeof PayoutsAnswerSchema>;

/**
 * POST /api/seller/payouts: pays `amount` of the shop's balance; `key` makes a retry the same payout. The same body records
 * money the shop paid GreenCart (`POST /api/seller/payouts/received`): at most what it owes.
 */
export const PayoutInputSchema = z.strictObject({
  sellerId: IdSchema,
  amount: z
    .number({ message: 'amount must be a number' })
    .positive('amount must be greater than 0')
    .max(PAYOUT_MAX, 'one payout or payment is at most Rs 10,00,00,000: record a larger sum in several')
    .refine(isWholePaise, { message: 'amount can have at most 2 decimals' })
    .meta({ description: `Rupees, more than 0 and at most ${PAYOUT_MAX}, with at most 2 decimals (paise)` }),
  key: textField('key').trim().min(8, 'key must be 8 to 100 characters').max(100, 'key must be 8 to 100 characters'),
  /** What the shop finds the money by (a bank transfer's UTR, a cheque number): on its statement and its mail (0247). */
  reference: z
    .string({ error: 'reference must be text' })
    .trim()
    // Said here as well as in the text it is piped to: this side is the one the API's document shows (a probe).
    .max(PAYOUT_REFERENCE_MAX, `reference must be at most ${PAYOUT_REFERENCE_MAX} characters`)
    .transform((text) => text || undefined)
    .pipe(requiredText('reference', PAYOUT_REFERENCE_MAX).optional())
    .optional(),
});
export type PayoutInput = z.infer<typeof PayoutInputSchema>;

export const PayoutSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  amount: z.number(),
  key: z.string(),
  /**
   * A Stripe Connect transfer (with its id), a payout the operator made by hand and recorded here, or `received`: money
   * the shop paid GreenCart for what it owed (the commission on cash its riders collected: decision 0276).
   */
  method: z.enum(['stripe', 'manual', 'received']),
  transferId: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  payout: PayoutSchema,
  /** The shop's balance after the payout (or the payment received). */
  balance: z.number(),
  /** True when the key had already paid: this is that payout, nothing new was paid. */
  replayed: z.boolean(),
});
export type PayoutAnswer = z.infer<typeof PayoutAnswerSchema>;

/**
 * POST /api/seller/payout-account (operator): the shop's Stripe Connect account (`acct_…`) its payouts are
 * transferred to; null: disconnected, paid by hand. An account the shop connected itself is not overwritten
 * (409 PAYOUT_ACCOUNT_CONNECTED_BY_SHOP) until the operator disconnects it (docs/decisions/0191).
 */
export const PayoutAccountInputSchema = z.strictObject({
  sellerId: IdSchema,
  stripeAccountId: z.string().trim().regex(/^acct_[A-Za-z0-9]{6,64}$/, 'A Stripe account id looks like acct_1A2b3C4d5E6f7G8h').nullable(),
});
export type PayoutAccountInput = z.infer<typeof PayoutAccountInputSchema>;

/** GET /api/seller/payout-account?sellerId= (a shop: its own; the operator: any shop's): where its payouts go (0170). */
export const PayoutAccountQuerySchema = z.strictObject({
  sellerId: IdSchema.optional().meta({
    description:
      "The operator's: the shop whose payout account to read, by its id (not given: the operator's own shop). " +
  "A shop reads only its own: its own id is the same as none, another shop's answers 404 SELLER_NOT_FOUND",
  }),
});
export type PayoutAccountQuery = z.infer<typeof PayoutAccountQuerySchema>;

/** A shop's Stripe Connect account as Stripe reports it now (`accounts.retrieve`). */
export const ConnectedAccountSchema = z.object({
  id: z.string(),
  /** The shop finished Stripe's onboarding form. */
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  /** Transfers reach the shop's bank: until then Stripe holds them on its connected account. */
  payoutsEnabled: z.boolean(),
});
export type ConnectedAccount = z.infer<typeof ConnectedAccountSchema>;

export const PayoutAccountAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** 'stripe': payouts are Connect transfers once the shop has an account; 'manual': Stripe is not configured, payouts are recorded by hand. */
  mode: z.enum(['stripe', 'manual']),
  /** The shop's connected account, null when it has none yet. */
  account: ConnectedAccountSchema.nullable(),
  /** Who set the account: the shop through Stripe's onboarding, or the operator by hand (docs/decisions/0191); null without one. */
  setBy: z.enum(['shop', 'operator']).nullable(),
});
export type PayoutAccountAnswer = z.infer<typeof PayoutAccountAnswerSchema>;

/** POST /api/seller/payout-account/connect: Stripe's onboarding page for the caller's shop, and its account. */
export const PayoutAccountLinkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  accountId: z.string(),
  /** Stripe's hosted onboarding (an account link, single use, minutes long): the seller is sent there. */
  url: z.string(),
});
export type PayoutAccountLinkAnswer = z.infer<typeof PayoutAccountLinkAnswerSchema>;

// ---- a delivered order given back ----
/** POST /api/order/refund: refunds a delivered order of the caller's shop (the operator: any shop's). */
export const OrderRefundInputSchema = z.strictObject({ orderId: IdSchema });
