import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ShopRef } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { lockNamed, queryRows } from '../../db/raw-sql.js';
import { coupons, ledgerEntries, mailOutbox, orders, payouts, products, sellerAccounts, sellers, type SellerRole, type SellerStatus } from '../../db/schema/index.js';

export type SellerRow = typeof sellers.$inferSelect;
export type NewSellerRow = typeof sellers.$inferInsert;

/** What every seller call needs to know of the caller: whose shop, and whether it may write (issue 26). */
export interface SellerAccess {
  id: string;
  shopName: string;
  slug: string;
  role: SellerRole;
  status: SellerStatus;
  /** A declined application (decision 0252): suspended, but never a shop. */
  declined: boolean;
}

/** E-mails compare case-insensitively (the unique index is on lower(email)). */
export async function findSellerByEmail(db: DbOrTx, email: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(sql`lower(${sellers.email}) = lower(${email})`).limit(1);
  return row;
}

/** `lock`: held until the transaction ends (a change decided from what was read: two at once take turns). */
export async function findSellerById(db: DbOrTx, id: string, lock = false): Promise<SellerRow | undefined> {
  const query = db.select().from(sellers).where(eq(sellers.id, id)).limit(1);
  const [row] = await (lock ? query.for('no key update') : query);
  return row;
}

/** One primary-key read per seller call: a suspension applies to the very next call on every instance. */
export async function findSellerAccess(db: DbOrTx, id: string): Promise<SellerAccess | undefined> {
  const [row] = await db
    .select({ id: sellers.id, shopName: sellers.shopName, slug: sellers.slug, role: sellers.role, status: sellers.status, declined: sellers.applicationDeclined })
    .from(sellers)
    .where(eq(sellers.id, id))
    .limit(1);
  return row;
}

/**
 * A shop name as it is told from others: in lower case, decomposed (NFD), without its ASCII punctuation and spaces
 * ("Fresh Farm.", "fresh-farm" and "FreshFarm" are one name: a probe's "ProbeB Shop A." passed for "ProbeB Shop A") and
 * without the accents the combining diacritical blocks hold ("Sharma Fresh Farṃ", a dot under its m, passed for "Sharma
 * Fresh Farm": a probe; "Café Crème" is "Cafe Creme"). Every other character beyond ASCII stays (a Hindi name's vowel
 * signs are its own block). The same expression as `sellers_shop_name_key_idx` (migration 0063).
 */
const NAME_KEY_DROPS = sql.raw(String.raw`'[^a-z0-9\u0080-\u02ff\u0370-\u1aaf\u1b00-\u1dbf\u1e00-\u20cf\u2100-\ufe1f\ufe30-\U0010ffff]'`);
const nameKey = (name: SQL | string) => sql`regexp_replace(normalize(lower(${name}), NFD), ${NAME_KEY_DROPS}, '', 'g')`;
/** `nameKey` in this process, for the name's lock. */
const nameKeyHere = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    // eslint-disable-next-line no-misleading-character-class -- ranges that end beside the combining blocks, which it drops
    .replace(/[^a-z0-9\u0080-\u02ff\u0370-\u1aaf\u1b00-\u1dbf\u1e00-\u20cf\u2100-\ufe1f\ufe30-\u{10ffff}]/gu, '');

/**
 * Holds a shop name (as `nameKey` reads it) until the transaction ends: two shops claiming one name at once (applying,
 * or renaming) take turns, the second then finding the first (`findShopNameHolder`). Four renames at once to one name
 * all succeeded (a race probe): its index is not unique, as names taken before this check may repeat in a live store.
 */
export async function lockShopName(tx: DbOrTx, shopName: string): Promise<void> {
  await lockNamed(tx, `shop name ${nameKeyHere(shopName)}`);
}

/** The shop holding this name as `nameKey` reads it (but `exceptId`), if any: whether it ever sold under it. */
export async function findShopNameHolder(db: DbOrTx, shopName: string, exceptId?: string): Promise<{ sold: boolean } | undefined> {
  const [row] = await db
    .select({ status: sellers.status, declined: sellers.applicationDeclined })
    .from(sellers)
    .where(and(sql`${nameKey(sql`${sellers.shopName}`)} = ${nameKey(shopName)}`, exceptId ? ne(sellers.id, exceptId) : undefined))
    .limit(1);
  return row && { sold: row.status === 'approved' || (row.status === 'suspended' && !row.declined) };
}

/** The rows that keep a shop (their foreign keys restrict its delete): an application with any of them is not deleted. */
const KEPT_BY = [products, orders, coupons, ledgerEntries, sellerAccounts, payouts];

/**
 * Deletes the applications whose e-mail was never confirmed and whose every link has lapsed: no confirmation link
 * sent since `linksSentSince` nor waiting to be sent (decision 0235). They held their shop name and e-mail for ever
 * (anyone could apply in a brand's name and never confirm). A shop any row keeps (`KEPT_BY`: products, orders, a payout
 * account the operator set…) is never one of them: one such row failed the whole delete, every hour.
 */
export async function deleteLapsedApplications(db: DbOrTx, linksSentSince: Date): Promise<number> {
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`
    delete from ${sellers} s
    where s.email_confirmed_at is null and s.status = 'pending' and s.role = 'seller' and s.created_at < ${linksSentSince.toISOString()}::timestamptz
      and not exists (
        select 1 from ${mailOutbox} m where m.seller_id = s.id and m.kind = 'seller-confirm'
          and ((m.sent_at is null and m.failed_at is null) or m.sent_at >= ${linksSentSince.toISOString()}::timestamptz))
      ${sql.join(
        KEPT_BY.map((table) => sql`and not exists (select 1 from ${table} t where t.seller_id = s.id)`),
        sql` `,
      )}
    returning s.id`,
  );
  return deleted.length;
}

/** The operator's row: there is exactly one (migration 0019 makes it, a unique index keeps it one). */
export async function findOperator(db: DbOrTx): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.role, 'operator')).limit(1);
  return row;
}

/**
 * A new shop's row, or undefined when its e-mail or its slug is taken (the unique indexes decide, so two
 * applications at once cannot both win).
 */
export async function insertSeller(db: DbOrTx, values: NewSellerRow): Promise<SellerRow | undefined> {
  const [row] = await db.insert(sellers).values(values).onConflictDoNothing().returning();
  return row;
}

/** The slugs taken among `base` and `base-<n>` (a handful: a name's own family of addresses). */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: sellers.slug })
    .from(sellers)
    .where(or(eq(sellers.slug, base), and(gt(sellers.slug, `${base}-`), lt(sellers.slug, `${base}.`))));
  return rows.map((row) => row.slug);
}

/** The approved shop of this slug (a shop's public page); a pending or suspended one is not shown. */
export async function findApprovedShop(db: DbOrTx, slug: string): Promise<SellerRow | undefined> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(and(eq(sellers.slug, slug), eq(sellers.status, 'approved')))
    .limit(1);
  return row;
}

/** The approved shop of this name in any letter case (sellers_shop_name_idx), if any. */
export async function findApprovedShopByName(db: DbOrTx, shopName: string): Promise<SellerRow | undefined> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(and(sql`lower(${sellers.shopName}) = lower(${shopName})`, eq(sellers.status, 'approved')))
    .limit(1);
  return row;
}

/**
 * Approved shops whose name holds `text` (any letter case), a search's shops (decision 0279): names that start with it
 * first, then by name; through sellers_shop_name_trgm_idx, never the whole table.
 */
export function findApprovedShopsNaming(db: DbOrTx, text: string, limit: number): Promise<ShopRef[]> {
  return db
    .select({ id: sellers.id, shopName: sellers.shopName, slug: sellers.slug })
    .from(sellers)
    .where(and(sql`${sellers.shopName} ilike ${containsPattern(text)}`, eq(sellers.status, 'approved')))
    .orderBy(sql`${sellers.shopName} not ilike ${containsPattern(text).slice(1)}`, asc(sellers.shopName))
    .limit(limit);
}

/** Marks the e-mail confirmed, once: the row this call confirmed, or undefined when it already was (a second use of the link). */
export async function confirmSellerEmail(db: DbOrTx, id: string): Promise<SellerRow | undefined> {
  const [confirmed] = await db
    .update(sellers)
    .set({ emailConfirmedAt: sql`now()` })
    .where(and(eq(sellers.id, id), isNull(sellers.emailConfirmedAt)))
    .returning();
  return confirmed;
}

const ID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The shop named by its address (`/shop/:slug`) or, in an id's form, its id too: one read of either unique index. The
 * operator's lists filtered to a shop (`?seller=`) all take either (the product list took the slug alone: a probe).
 */
export const shopNamed = (slugOrId: string): SQL => (ID_FORM.test(slugOrId) ? or(eq(sellers.slug, slugOrId), eq(sellers.id, slugOrId))! : eq(sellers.slug, slugOrId));

/**
 * The operator's shop search (decision 0215): shops whose name, owner's name or e-mail contains `text`, in any
 * case. The same expression as sellers_search_trgm_idx, so the index serves it (`text`: 3 characters or more). Or the
 * shop at that address: its slug, `/shop/<slug>` or the whole link, as a complaint gives it (a probe found none so).
 */
export const shopMatches = (text: string): SQL =>
  or(
    sql`(${sellers.shopName} || ' ' || ${sellers.name} || ' ' || ${sellers.email}) ilike ${containsPattern(text)}`,
    eq(sellers.slug, text.trim().toLowerCase().replace(/^.*\/shop\//, '').replace(/[/?#].*$/, '')),
  )!;

/**
 * The operator's list: applications and shops oldest first, a keyset page by (created_at, id), optionally of one
 * status, optionally found by the shop search.
 */
export function findSellerPage(db: DbOrTx, filter: { status?: SellerStatus; contains?: string; after?: string; limit: number }): Promise<SellerRow[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(sellers.status, filter.status));
  if (filter.contains) conditions.push(shopMatches(filter.contains));
  if (filter.after) conditions.push(sql`(${sellers.createdAt}, ${sellers.id}) > (select c.created_at, c.id from sellers c where c.id = ${filter.after})`);
  return db
    .select()
    .from(sellers)
    .where(and(...conditions))
    .orderBy(asc(sellers.createdAt), asc(sellers.id))
    .limit(filter.limit);
}

/**
 * The applications the operator can decide now (the list points to them): pending, their e-mail confirmed. One not
 * confirmed yet cannot be approved (a probe read "4 applications wait" where none could be).
 */
export function countApplicationsToDecide(db: DbOrTx): Promise<number> {
  return db.$count(sellers, and(eq(sellers.status, 'pending'), isNotNull(sellers.emailConfirmedAt)));
}

/** Sets a shop's status and the reason given; the row locked and changed, or undefined when there is none. */
export async function updateSellerStatus(db: DbOrTx, id: string, status: SellerStatus, reason: string | null, declined: boolean): Promise<SellerRow | undefined> {
  const [row] = await db
    .update(sellers)
    .set({ status, statusReason: reason, statusChangedAt: sql`now()`, applicationDeclined: declined })
    .where(eq(sellers.id, id))
    .returning();
  return row;
}

/** The rows of these shops (the mails being composed), whatever their status. */
export function findSellersByIds(db: DbOrTx, ids: string[]): Promise<SellerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(sellers).where(inArray(sellers.id, ids));
}

/** A shop's own profile fields (issue 26, 0171): its name, phone and pickup address; its slug stays. */
export async function updateShopProfile(db: DbOrTx, id: string, profile: Pick<NewSellerRow, 'shopName' | 'phone' | 'pickupAddress' | 'orderMails'>): Promise<SellerRow | undefined> {
  const renamedAt = sql`case when ${sellers.shopName} is distinct from ${profile.shopName} then now() else ${sellers.renamedAt} end`;
  const [row] = await db.update(sellers).set({ ...profile, renamedAt }).where(eq(sellers.id, id)).returning();
  return row;
}

/** An order the operator acted on, as the shop's mail tells it (decision 0277): as it is now, with its ledger entries. */
export interface ActedOrder {
  id: string;
  orderNumber: number;
  paymentType: 'COD' | 'Online';
  isPaid: boolean;
  status: string;
  amountMinor: number;
  pickReductionMinor: number;
  /** What the operator told the shopper of its cancel (decision 0288), or null. */
  cancelReason: string | null;
  entries: { type: 'sale' | 'commission' | 'refund' | 'payout'; amountMinor: number }[];
}

/** The orders of the operator's mails to shops, each with its ledger entries in the order they were written. */
export async function findActedOrders(db: DbOrTx, ids: string[]): Promise<ActedOrder[]> {
  if (ids.length === 0) return [];
  const [rows, entries] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        paymentType: orders.paymentType,
        isPaid: orders.isPaid,
        status: orders.status,
        amountMinor: orders.amountMinor,
        pickReductionMinor: orders.pickReductionMinor,
        cancelReason: orders.cancelReason,
      })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({ orderId: ledgerEntries.orderId, type: ledgerEntries.type, amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.orderId, ids))
      .orderBy(asc(ledgerEntries.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    paymentType: row.paymentType as ActedOrder['paymentType'],
    entries: entries.filter((e) => e.orderId === row.id).map(({ type, amountMinor }) => ({ type, amountMinor })),
  }));
}
