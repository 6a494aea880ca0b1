import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders, sellers } from './index.js';

/**
 * The marketplace's money (issue 26, docs/decisions/0121-0123): the operator's default commission, each
 * shop's append-only ledger with its running sums, and the payouts. Amounts in minor units (paise).
 */

/** The operator's settings: one row (id 1), written on the first change; until then the defaults in code. */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** The commission every shop without its own (`sellers.commission_bps`) pays, in basis points. */
    defaultCommissionBps: integer('default_commission_bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('marketplace_settings_one_row', sql`${t.id} = 1`), check('marketplace_settings_commission_range', sql`${t.defaultCommissionBps} between 0 and 10000`)],
);

/**
 * Every movement of a shop's money, never changed or deleted (a trigger refuses UPDATE, DELETE and TRUNCATE:
 * db/functions/ledger_append_only.sql); a correction is a new entry. `amount_minor` is signed as its type
 * names it: a sale of 10,200 is +10,200, its commission +1,020; a commission given back with a refund is
 * −1,020. balance = Σ sale − Σ commission − Σ refund − Σ payout.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    type: text('type').$type<'sale' | 'commission' | 'refund' | 'payout'>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id'),
    /**
     * When it was written, under its shop's account lock (decision 0121): the clock's time, not its transaction's start,
     * so entries are dated in their order and a delivery that waited for the lock is dated after a commission change it
     * waited behind, whose rate it was charged (a money probe read a rate set after the date of its entry).
     */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check('ledger_entries_type', sql`${t.type} in ('sale', 'commission', 'refund', 'payout')`),
    // A shop's statement, newest first, a page at a time.
    index('ledger_entries_seller_idx').on(t.sellerId, t.id),
    // A shop's statement of a stretch of days (a month for the accounts): read by its time, not from the newest entry back.
    index('ledger_entries_seller_created_idx').on(t.sellerId, t.createdAt),
    // An order is sold once and refunded once, whoever asks twice (a retried delivery, a double click).
    uniqueIndex('ledger_entries_order_once_idx').on(t.orderId, t.type).where(sql`${t.type} in ('sale', 'refund')`),
    // An order's entries (its sale and commission, a refund), read at its delivery and its refund.
    index('ledger_entries_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * Each shop's running sums of its ledger, written in the transaction of every entry: its balance is one
 * row away, and this row is the lock a payout takes so that it never pays more than the balance
 * (FOR NO KEY UPDATE, after the order's row where there is one: decision 0107's order, orders first).
 */
export const sellerAccounts = pgTable(
  'seller_accounts',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull().default(0),
    refundsMinor: bigint('refunds_minor', { mode: 'number' }).notNull().default(0),
    payoutsMinor: bigint('payouts_minor', { mode: 'number' }).notNull().default(0),
    /**
     * Parts of `payoutsMinor` (decision 0276): the cash the shop's riders kept (payout entries about an order, less the
     * cash given back), and the payments the shop made GreenCart (payout entries turned round), so the operator reads
     * what GreenCart paid out apart from them.
     */
    cashKeptMinor: bigint('cash_kept_minor', { mode: 'number' }).notNull().default(0),
    paidInMinor: bigint('paid_in_minor', { mode: 'number' }).notNull().default(0),
    /** The shop's Stripe Connect account (acct_…): payouts go there as transfers when Stripe is configured. */
    stripeAccountId: text('stripe_account_id'),
    /**
     * Who set `stripeAccountId`: the shop through Connect onboarding, or the operator by hand. The operator may not
     * overwrite a shop's own account without disconnecting it first (docs/decisions/0191).
     */
    stripeAccountSetBy: text('stripe_account_set_by', { enum: ['shop', 'operator'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No check on the balance's sign: a refund after a payout leaves the shop owing the marketplace.
  (t) => [
    // The operator's Payouts screen, "owed only" (decision 0215): the few shops with a balance due.
    index('seller_accounts_owed_idx').on(t.sellerId).where(sql`${t.balanceMinor} > 0`),
    // "Owing GreenCart only" (decision 0276): the shops whose balance is below zero.
    index('seller_accounts_owes_idx').on(t.sellerId).where(sql`${t.balanceMinor} < 0`),
    // Which shop a Stripe account already pays (one account, one shop: the operator's hand is checked against it).
    index('seller_accounts_stripe_account_idx').on(t.stripeAccountId).where(sql`${t.stripeAccountId} is not null`),
    check(
      'seller_accounts_stripe_account_set_by',
      sql`(${t.stripeAccountId} is null) = (${t.stripeAccountSetBy} is null) and ${t.stripeAccountSetBy} in ('shop', 'operator')`,
    ),
  ],
);

/**
 * Payouts to shops, one per key (a retried request pays once), and the payments shops make GreenCart of what they owe
 * (`received`: the commission on the cash their riders kept, decision 0276), under the same keys.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    method: text('method').$type<'stripe' | 'manual' | 'received'>().notNull(),
    transferId: text('transfer_id'),
    /** What the shop finds the money by (a bank transfer's UTR), as the operator recorded it (decision 0247). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_key_idx').on(t.key),
    check('payouts_reference_length', sql`char_length(${t.reference}) <= 64`),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountMinor} > 0`),
    check('payouts_method', sql`${t.method} in ('stripe', 'manual', 'received')`),
  ],
);
