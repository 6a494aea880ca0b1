import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { balanceEffect, payoutPart } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { lockNamed, queryRows } from '../../db/raw-sql.js';
import { orders, sellers } from '../../db/schema/index.js';
import { ledgerEntries, marketplaceSettings, payouts, sellerAccounts } from '../../db/schema/settlement.js';
import { dayStart } from '../../db/store-day.js';
import { shopMatches } from '../seller/seller-repository.js';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type SellerAccountRow = typeof sellerAccounts.$inferSelect;

/** The shop behind a seller session: its role and status decide what it may read and change. */
export async function findShop(db: DbOrTx, sellerId: string) {
  const [row] = await db
    .select({ id: sellers.id, email: sellers.email, shopName: sellers.shopName, slug: sellers.slug, role: sellers.role, status: sellers.status, commissionBps: sellers.commissionBps })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
    .limit(1);
  return row;
}

/**
 * The default commission in basis points: the operator's setting, or `fallback` before the first one. `lock`: the
 * setting's row held until the transaction ends, so two changes at once each see the other's rate (decision 0249); the
 * row is made first (at `fallback`) when there is none yet, as a missing row locks nothing: the first two changes of a
 * new store both read the fallback, and 1,002 shops were mailed a rate that was not the one kept (a race probe).
 */
export async function readDefaultCommissionBps(db: DbOrTx, fallback: number, lock = false): Promise<number> {
  if (lock) await db.insert(marketplaceSettings).values({ id: 1, defaultCommissionBps: fallback }).onConflictDoNothing();
  const query = db.select({ bps: marketplaceSettings.defaultCommissionBps }).from(marketplaceSettings).where(eq(marketplaceSettings.id, 1));
  const [row] = await (lock ? query.for('no key update') : query);
  return row?.bps ?? fallback;
}

export async function writeDefaultCommissionBps(db: DbOrTx, bps: number): Promise<void> {
  await db
    .insert(marketplaceSettings)
    .values({ id: 1, defaultCommissionBps: bps })
    .onConflictDoUpdate({ target: marketplaceSettings.id, set: { defaultCommissionBps: bps, updatedAt: sql`now()` } });
}

/** A shop's own commission (null: it pays the default); what it was before, read under the row's lock. */
export async function writeShopCommissionBps(tx: DbOrTx, sellerId: string, bps: number | null): Promise<{ before: number | null }> {
  const [row] = await tx.select({ bps: sellers.commissionBps }).from(sellers).where(eq(sellers.id, sellerId)).for('no key update');
  await tx.update(sellers).set({ commissionBps: bps }).where(eq(sellers.id, sellerId));
  return { before: row?.bps ?? null };
}

/**
 * The shop's account row, made on first use and locked FOR NO KEY UPDATE for the rest of the transaction:
 * every entry and every payout of one shop takes its turn here (decision 0107's order: after the order's row).
 */
export async function lockAccount(tx: DbOrTx, sellerId: string): Promise<SellerAccountRow> {
  await tx.insert(sellerAccounts).values({ sellerId }).onConflictDoNothing();
  const [row] = await tx.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, sellerId)).for('no key update');
  return row!;
}

export type NewEntry = { type: LedgerEntryRow['type']; amountMinor: number; orderId?: string; payoutId?: string };


/**
 * Appends entries to a shop's ledger and adds them to its account's sums, in the caller's transaction,
 * which holds the account's lock (`lockAccount`). Answers the new balance.
 */
export async function appendEntries(tx: DbOrTx, sellerId: string, entries: NewEntry[]): Promise<number> {
  await tx.insert(ledgerEntries).values(entries.map((e) => ({ sellerId, type: e.type, amountMinor: e.amountMinor, orderId: e.orderId, payoutId: e.payoutId })));
  const sum = (type: NewEntry['type']) => entries.filter((e) => e.type === type).reduce((total, e) => total + e.amountMinor, 0);
  // The payouts' parts (`payoutPart`, 0276): the cash the shops' riders kept (or gave back), and the payments to GreenCart.
  const part = (name: ReturnType<typeof payoutPart>) =>
    entries.filter((e) => e.type === 'payout' && payoutPart({ amount: e.amountMinor, orderId: e.orderId }) === name).reduce((total, e) => total + e.amountMinor, 0);
  const cashKept = part('cash');
  const paidIn = -part('paidIn');
  const [row] = await tx
    .update(sellerAccounts)
    .set({
      balanceMinor: sql`${sellerAccounts.balanceMinor} + ${entries.reduce((total, e) => total + balanceEffect(e.type, e.amountMinor), 0)}`,
      salesMinor: sql`${sellerAccounts.salesMinor} + ${sum('sale')}`,
      commissionMinor: sql`${sellerAccounts.commissionMinor} + ${sum('commission')}`,
      refundsMinor: sql`${sellerAccounts.refundsMinor} + ${sum('refund')}`,
      payoutsMinor: sql`${sellerAccounts.payoutsMinor} + ${sum('payout')}`,
      cashKeptMinor: sql`${sellerAccounts.cashKeptMinor} + ${cashKept}`,
      paidInMinor: sql`${sellerAccounts.paidInMinor} + ${paidIn}`,
      updatedAt: sql`now()`,
    })
    .where(eq(sellerAccounts.sellerId, sellerId))
    .returning({ balanceMinor: sellerAccounts.balanceMinor });
  return row!.balanceMinor;
}

/** The entries an order already has on its shop's ledger (its sale and commission, a refund). */
export async function findOrderEntries(db: DbOrTx, orderId: string): Promise<LedgerEntryRow[]> {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
}

/** A statement's entry: with its order's short number (GC-…), which people read orders by, and a payout's reference. */
export type StatementEntryRow = LedgerEntryRow & { orderNumber: number | null; payoutReference: string | null };

/**
 * A shop's entries newest first, a keyset page by id (ledger_entries_seller_idx), each order's number and payout's
 * reference by its key; of the shop days `from`-`to` when given (ledger_entries_seller_created_idx: a past month is
 * read, not every entry since).
 */
export async function listEntries(
  db: DbOrTx,
  sellerId: string,
  page: { before?: number; limit: number; from?: string; to?: string; timeZone: string },
): Promise<StatementEntryRow[]> {
  const conditions = [eq(ledgerEntries.sellerId, sellerId)];
  // The cursor is one of the shop's own entries: another shop's is as unknown (an empty page, decision 0260).
  if (page.before !== undefined) conditions.push(lt(ledgerEntries.id, sql`(select e.id from ${ledgerEntries} e where e.id = ${page.before} and e.seller_id = ${sellerId})`));
  if (page.from) conditions.push(sql`${ledgerEntries.createdAt} >= ${dayStart(page.from, page.timeZone)}`);
  if (page.to) conditions.push(sql`${ledgerEntries.createdAt} < ${dayStart(page.to, page.timeZone, 1)}`);
  return db
    .select({ ...getTableColumns(ledgerEntries), orderNumber: orders.orderNumber, payoutReference: payouts.reference })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit);
}

/**
 * A statement of days' opening and closing balances (decision 0283): the balance now less what the entries written from
 * the first day's start, and from the day after the last, did to it (`balanceEffect`). One statement, so one snapshot:
 * an entry written meanwhile counts in the balance and the sums alike. It reads the shop's entries from the period's
 * start on (ledger_entries_seller_created_idx), not its whole history. No first day: the opening is the ledger's, 0.
 */
export async function periodBalances(
  db: DbOrTx,
  sellerId: string,
  period: { from?: string; to?: string; timeZone: string },
): Promise<{ openingMinor: number; closingMinor: number }> {
  const start = period.from ? dayStart(period.from, period.timeZone) : undefined;
  const end = period.to ? dayStart(period.to, period.timeZone, 1) : sql`'infinity'::timestamptz`;
  const rows = await queryRows<{ type: LedgerEntryRow['type'] | 'balance'; sinceStart: string | number; sinceEnd: string | number }>(
    db,
    sql`select type, coalesce(sum(amount_minor) filter (where created_at >= ${start ?? end}), 0)::text as "sinceStart",
          coalesce(sum(amount_minor) filter (where created_at >= ${end}), 0)::text as "sinceEnd"
        from ${ledgerEntries} where seller_id = ${sellerId} and created_at >= ${start ?? end} group by type
        union all
        select 'balance', balance_minor::text, '0' from ${sellerAccounts} where seller_id = ${sellerId}`,
  );
  let balance = 0;
  let sinceStart = 0;
  let sinceEnd = 0;
  for (const row of rows) {
    // The account's row carries the balance now in the first column.
    if (row.type === 'balance') balance = Number(row.sinceStart);
    else {
      sinceStart += balanceEffect(row.type, Number(row.sinceStart));
      sinceEnd += balanceEffect(row.type, Number(row.sinceEnd));
    }
  }
  return { openingMinor: start ? balance - sinceStart : 0, closingMinor: balance - sinceEnd };
}

export async function findAccount(db: DbOrTx, sellerId: string): Promise<SellerAccountRow | undefined> {
  const [row] = await db.select().from(sellerAccounts).where(eq(sellerAccounts.sellerId, sellerId));
  return row;
}

/**
 * Every shop with its account, oldest shop first, a keyset page by (created_at, id) of sellers_created_idx;
 * a shop with no entry yet has no account row (all zero). `contains`: the shop search (decision 0215); `owed`:
 * only shops with a balance due (seller_accounts_owed_idx), never the operator's own, which is not paid out (0247);
 * `owes`: only shops that owe GreenCart (seller_accounts_owes_idx, decision 0276).
 */
export async function listShopAccounts(db: DbOrTx, page: { contains?: string; owed?: boolean; owes?: boolean; after?: string; limit: number }) {
  const after = page.after
    ? or(
        gt(sellers.createdAt, sql`(select s.created_at from sellers s where s.id = ${page.after})`),
        and(eq(sellers.createdAt, sql`(select s.created_at from sellers s where s.id = ${page.after})`), gt(sellers.id, page.after)),
      )
    : undefined;
  const where = and(
    after,
    page.contains ? shopMatches(page.contains) : undefined,
    page.owed ? and(gt(sellerAccounts.balanceMinor, 0), ne(sellers.role, 'operator')) : undefined,
    page.owes ? lt(sellerAccounts.balanceMinor, 0) : undefined,
  );
  return db
    .select({
      seller: { id: sellers.id, shopName: sellers.shopName, slug: sellers.slug },
      status: sellers.status,
      role: sellers.role,
      commissionBps: sellers.commissionBps,
      account: sellerAccounts,
    })
    .from(sellers)
    .leftJoin(sellerAccounts, eq(sellerAccounts.sellerId, sellers.id))
    .where(where)
    .orderBy(asc(sellers.createdAt), asc(sellers.id))
    .limit(page.limit);
}

/** The operator's commission over every shop: the sum of the accounts' commission (one row per shop). */
export async function commissionTotalMinor(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: sql`coalesce(sum(${sellerAccounts.commissionMinor}), 0)::bigint`.mapWith(Number) }).from(sellerAccounts);
  return row?.total ?? 0;
}

export async function findPayoutByKey(db: DbOrTx, key: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.key, key));
  return row;
}

/** The payouts recorded under any of these keys (the keys of the transfers Stripe made to a shop, decision 0044). */
export async function findPayoutsByKeys(db: DbOrTx, keys: string[]): Promise<PayoutRow[]> {
  return keys.length === 0 ? [] : db.select().from(payouts).where(inArray(payouts.key, keys));
}

/** Payouts by id (a payout mail's, composed when it is sent). */
export async function findPayoutsByIds(db: DbOrTx, ids: string[]): Promise<PayoutRow[]> {
  return ids.length === 0 ? [] : db.select().from(payouts).where(inArray(payouts.id, ids));
}

export async function insertPayout(tx: DbOrTx, payout: Omit<typeof payouts.$inferInsert, 'id' | 'createdAt'>): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(payout).returning();
  return row!;
}

/**
 * The name of another shop whose payouts go to this Stripe account, if one (seller_accounts_stripe_account_idx).
 * Asked under a transaction lock on the account's id, so two shops given one account at once cannot both pass.
 */
export async function otherShopPaidTo(tx: DbOrTx, stripeAccountId: string, sellerId: string): Promise<string | undefined> {
  await lockNamed(tx, `stripe-account ${stripeAccountId}`);
  const [row] = await tx
    .select({ shopName: sellers.shopName })
    .from(sellerAccounts)
    .innerJoin(sellers, eq(sellers.id, sellerAccounts.sellerId))
    .where(and(eq(sellerAccounts.stripeAccountId, stripeAccountId), ne(sellerAccounts.sellerId, sellerId)))
    .limit(1);
  return row?.shopName;
}

/**
 * Writes the shop's Stripe Connect account and who set it (null: none) on its account row, which the caller's
 * transaction holds locked (`lockAccount`).
 */
export async function writeStripeAccount(
  tx: DbOrTx,
  sellerId: string,
  account: { id: string; setBy: 'shop' | 'operator' } | null,
): Promise<void> {
  await tx
    .update(sellerAccounts)
    .set({ stripeAccountId: account?.id ?? null, stripeAccountSetBy: account?.setBy ?? null, updatedAt: sql`now()` })
    .where(eq(sellerAccounts.sellerId, sellerId));
}
