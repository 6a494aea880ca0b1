import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { ORDER_NUMBER_PREFIX, type OrderStatus } from '@greencart/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryPreparedRows, queryRows } from '../../db/raw-sql.js';
import { mailOutbox } from '../../db/schema/index.js';

/**
 * What a queued mail tells (docs/decisions/0083): the confirmation of a placed (COD) or paid (online)
 * order, a step the seller took (its status), or a late payment given back (0045).
 */
export type OrderMail =
  | { kind: 'confirmation' }
  | { kind: 'status'; status: Exclude<OrderStatus, 'Order Placed'> }
  | { kind: 'payment-refunded' }
  /** Substitutions (issue 28): the seller recorded what was picked; the mail tells what changed. */
  | { kind: 'picked' }
  /** A delivered order given back (POST /api/order/refund): what was refunded, and how; `by` the operator for another shop. */
  | { kind: 'refunded'; by: 'seller' | 'operator' };

export type QueuedMail = OrderMail & { id: number; orderId: string; attempts: number };

/**
 * What the operator did to another shop's order (decision 0277): refunded it, cancelled it, recorded its picks, or moved
 * it to a status. The shop's money or its work changes, and the shop is told.
 */
export type OperatorOrderAction = 'refunded' | 'cancelled' | 'picked' | Exclude<OrderStatus, 'Order Placed' | 'Cancelled'>;

/**
 * What a queued mail about a shop tells (issue 26): the link confirming its e-mail, its new status, or that the
 * operator removed one of its products, and why (decision 0229), a payout made to it, its new commission rate (in
 * basis points, the shop's own or the default: decision 0249), each to the shop; or, to the operator, that its
 * confirmed application waits for review (decision 0247).
 */
export type ShopMail =
  | { kind: 'seller-confirm' }
  | { kind: 'seller-applied' }
  | { kind: 'payout'; payoutId: string }
  | { kind: 'commission'; bps: number; rate: 'own' | 'default' }
  /** The shop's new orders of a stretch of time (decision 0250): placed cash on delivery, or paid by card, in (since, until]. */
  | { kind: 'new-orders'; since: Date; until: Date }
  | { kind: 'seller-status'; status: 'approved' | 'reinstated' | 'suspended' | 'declined' }
  | { kind: 'product-removed'; productId: string; note: string }
  /** The operator acted on one of the shop's orders (decision 0277): the order and what was done. */
  | { kind: 'order-by-operator'; orderId: string; action: OperatorOrderAction }
  /** The shopper cancelled one of the shop's orders before it was packed (decision 0288): not to pack it, and why. */
  | { kind: 'order-by-shopper'; orderId: string }
  /** A link to set a new password, or word that it was changed (decision 0254). */
  | { kind: 'password-reset' }
  | { kind: 'password-changed' };
export type QueuedShopMail = ShopMail & { id: number; sellerId: string; attempts: number };
/** A mail to a shopper about their account: the link that sets a new password, or that it was changed (decision 0254). */
export type QueuedAccountMail = { kind: 'password-reset' | 'password-changed'; id: number; userId: string; attempts: number };
/** A mail to a shopper that a product they waited for is back in stock (decision 0290), queued by the restock job. */
export type QueuedAlertMail = { kind: 'back-in-stock'; id: number; userId: string; productId: string; attempts: number };
/** A claimed mail: about an order (to its shopper), about a shop alone (to its seller), about a shopper's account, or a product back. */
export type AnyQueuedMail = QueuedMail | QueuedShopMail | QueuedAccountMail | QueuedAlertMail;
export const isShopMail = (mail: AnyQueuedMail): mail is QueuedShopMail => 'sellerId' in mail;
export const isAlertMail = (mail: AnyQueuedMail): mail is QueuedAlertMail => mail.kind === 'back-in-stock';
export const isAccountMail = (mail: AnyQueuedMail): mail is QueuedAccountMail => 'userId' in mail && !isAlertMail(mail);

/** The least time between two password-reset links to one account (decision 0254): a form sent twice, or someone else's hand, cannot flood an inbox. */
export const RESET_MAIL_GAP_MINUTES = 5;

/** The outbox column naming the account a mail is about: a shopper's (`user`) or a shop's (`seller`). */
const accountColumn = (account: 'user' | 'seller') => sql.raw(account === 'user' ? 'user_id' : 'seller_id');

/**
 * Queues a password-reset link to a shopper (`user`) or a shop (`seller`) in the caller's transaction, unless one was
 * queued in the last RESET_MAIL_GAP_MINUTES. The link itself is made when the mail is composed (password-reset.ts).
 */
export async function queueResetMail(tx: DbOrTx, account: 'user' | 'seller', id: string): Promise<void> {
  const column = accountColumn(account);
  await tx.execute(sql`insert into mail_outbox (${column}, kind) select ${id}, 'password-reset'
    where not exists (select 1 from mail_outbox where ${column} = ${id} and kind = 'password-reset'
      and created_at > now() - ${RESET_MAIL_GAP_MINUTES} * interval '1 minute')`);
}

/** Word to a shopper (`user`) or a shop (`seller`) that its password was changed, in the transaction that changed it. */
export async function queuePasswordChangedMail(tx: DbOrTx, account: 'user' | 'seller', id: string): Promise<void> {
  await tx.execute(sql`insert into mail_outbox (${accountColumn(account)}, kind) values (${id}, 'password-changed')`);
}

/**
 * Queues an order's mail in the caller's transaction: it is sent iff that transaction commits. The
 * insert's trigger NOTIFYs `mail_queued`, which every instance hears after the commit (migration 0014).
 */
export async function queueOrderMail(tx: DbOrTx, orderId: string, mail: OrderMail): Promise<void> {
  await tx.insert(mailOutbox).values({ orderId, kind: mail.kind, status: mail.kind === 'status' ? mail.status : mail.kind === 'refunded' ? mail.by : null });
}

/** Queues a mail to a shop in the caller's transaction, like an order's: sent iff that transaction commits. */
export async function queueShopMail(tx: DbOrTx, sellerId: string, mail: ShopMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    sellerId,
    kind: mail.kind,
    status: mail.kind === 'seller-status' ? mail.status : mail.kind === 'commission' ? mail.rate : mail.kind === 'order-by-operator' ? mail.action : null,
    ...(mail.kind === 'product-removed' ? { productId: mail.productId, note: mail.note } : {}),
    ...(mail.kind === 'order-by-operator' || mail.kind === 'order-by-shopper' ? { orderId: mail.orderId } : {}),
    ...(mail.kind === 'commission' ? { note: String(mail.bps) } : {}),
    ...(mail.kind === 'payout' ? { payoutId: mail.payoutId } : {}),
  });
}

/** A shop that pays the default: no rate of its own; approved, or suspended after it was. */
const paysTheDefault = sql`role = 'seller' and commission_bps is null and email_confirmed_at is not null
  and (status <> 'pending' and not application_declined)`;

/**
 * The new default commission to every shop that pays it (no rate of its own; approved, or suspended after it was: an
 * application, waiting or declined, sells nothing yet, a probe), in the caller's transaction: a thousand shops are a
 * thousand rows, sent as the outbox sends any.
 */
export async function queueDefaultCommissionMails(tx: DbOrTx, bps: number): Promise<void> {
  // A default changed again before the last change's mails went (a correction a minute later): those not sent yet are
  // replaced, so a shop is not told two rates at once (a probe: 2,007 mails for 1,000 shops). A mail being sent now
  // (claimed, its lease running) is left to go.
  await tx.execute(sql`delete from mail_outbox where kind = 'commission' and status = 'default' and sent_at is null and failed_at is null
    and attempts = 0`);
  await tx.execute(sql`insert into mail_outbox (seller_id, kind, status, note)
    select id, 'commission', 'default', ${String(bps)} from sellers where ${paysTheDefault}`);
}

/** The shops a change of the default reaches and mails (as above): what the operator is asked to confirm (0249 amended). */
export async function countDefaultCommissionShops(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ shops: number | string }>(db, sql`select count(*) as shops from sellers where ${paysTheDefault}`);
  return Number(rows[0]?.shops ?? 0);
}

/**
 * An order its shop hears of as new in the stretch (since, until]: placed cash on delivery, or paid by card, then (a
 * card order waiting for its payment is no order yet to the shop, as on its Orders screen); not cancelled since.
 */
const newOrderIn = (since: Date, until: Date) => sql`o.status <> 'Cancelled' and (
  (o.payment_type = 'COD' and o.created_at > ${since.toISOString()}::timestamptz and o.created_at <= ${until.toISOString()}::timestamptz)
  or (o.payment_type = 'Online' and o.paid_at > ${since.toISOString()}::timestamptz and o.paid_at <= ${until.toISOString()}::timestamptz))`;

/** The stretch a 'new-orders' mail covers, kept in its row's `note` as an ISO 8601 interval ("since/until"). */
const stretchOf = (note: string) => {
  const [since, until] = note.split('/');
  return { since: new Date(since!), until: new Date(until!) };
};

/**
 * One mail to each shop that has new orders in (since, until] and takes new-order mails (decision 0250), in the
 * caller's transaction and one statement (the two indexes of placed and paid times); the number of shops mailed.
 */
export async function queueNewOrderMails(tx: DbOrTx, since: Date, until: Date): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`insert into mail_outbox (seller_id, kind, note)
      select o.seller_id, 'new-orders', ${`${since.toISOString()}/${until.toISOString()}`}
      from orders o join sellers s on s.id = o.seller_id and s.order_mails
      where ${newOrderIn(since, until)}
      group by o.seller_id
      returning id`,
  );
  return rows.length;
}

/** A shop's new orders of a mail's stretch, oldest first, the first `limit` of them, and how many there are in all. */
export async function findNewOrders(db: DbOrTx, sellerId: string, stretch: { since: Date; until: Date }, limit: number) {
  const rows = await queryRows<{ order_number: number | string; amount_minor: number | string; payment_type: 'COD' | 'Online'; total: number | string }>(
    db,
    sql`select o.order_number, o.amount_minor, o.payment_type, count(*) over () as total
      from orders o where o.seller_id = ${sellerId} and ${newOrderIn(stretch.since, stretch.until)}
      order by o.created_at, o.id limit ${limit}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    orders: rows.map((r) => ({ orderNumber: `${ORDER_NUMBER_PREFIX}${r.order_number}`, amountMinor: Number(r.amount_minor), paymentType: r.payment_type })),
  };
}

/**
 * Claims up to `limit` mails due now, oldest due first, for `leaseMs`: one statement takes their rows
 * with FOR UPDATE SKIP LOCKED (an instance claiming at the same moment takes other rows, never these)
 * and moves their `due_at` past the lease, so no instance claims them again while this one sends. A
 * process that dies mid-send leaves them to be claimed again once the lease is over.
 */
export async function claimDueMails(db: DbOrTx, options: { limit: number; leaseMs: number }): Promise<AnyQueuedMail[]> {
  // Prepared, as the round's compose query (decision 0200): a claim runs beside every few checkouts (0207).
  const rows = (await queryPreparedRows(
    db,
    sql`update mail_outbox m set due_at = now() + ${options.leaseMs} * interval '1 millisecond', attempts = m.attempts + 1
      from (select id from mail_outbox where sent_at is null and failed_at is null and due_at <= now()
            order by due_at limit ${options.limit} for update skip locked) due
      where m.id = due.id
      returning m.id, m.order_id, m.seller_id, m.user_id, m.kind, m.status, m.product_id, m.note, m.payout_id, m.attempts`,
  )) as {
    id: number | string;
    order_id: string | null;
    user_id: string | null;
    seller_id: string | null;
    kind: string;
    status: string | null;
    product_id: string | null;
    note: string | null;
    payout_id: string | null;
    attempts: number;
  }[];
  return rows.map((r) =>
    r.user_id !== null
      ? r.kind === 'back-in-stock'
        ? { id: Number(r.id), userId: r.user_id, kind: r.kind, productId: r.product_id!, attempts: r.attempts }
        : { id: Number(r.id), userId: r.user_id, kind: r.kind as QueuedAccountMail['kind'], attempts: r.attempts }
      : // A shop mail about one of its orders (decision 0277) names both: it goes to the shop.
        r.order_id === null || r.seller_id !== null
      ? ({
          id: Number(r.id),
          sellerId: r.seller_id!,
          kind: r.kind,
          status: r.status,
          productId: r.product_id,
          note: r.note,
          payoutId: r.payout_id,
          ...(r.kind === 'commission' ? { bps: Number(r.note), rate: r.status } : {}),
          ...(r.kind === 'new-orders' ? stretchOf(r.note!) : {}),
          ...(r.kind === 'order-by-operator' ? { orderId: r.order_id, action: r.status } : {}),
          ...(r.kind === 'order-by-shopper' ? { orderId: r.order_id } : {}),
          attempts: r.attempts,
        } as QueuedShopMail)
      : ({ id: Number(r.id), orderId: r.order_id, kind: r.kind, status: r.status, by: r.kind === 'refunded' ? (r.status ?? 'seller') : undefined, attempts: r.attempts } as QueuedMail),
  );
}

/**
 * The lease of mails still being sent moved on by `leaseMs` from now: a send the mail server keeps alive past the lease
 * (an answer trickling in) stays this instance's, and no other claims it again and sends it twice (a probe, 0103).
 */
export async function extendLease(db: DbOrTx, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update mail_outbox set due_at = now() + ${leaseMs} * interval '1 millisecond'
    where id = any(${sql.param(ids)}::bigint[]) and sent_at is null and failed_at is null`);
}

/** Mails that have gone, marked in one statement (the sender marks each as soon as it has gone: 0103, 0189). */
export async function markMailsSent(db: DbOrTx, ids: number[]): Promise<void> {
  await queryPreparedRows(db, sql`update mail_outbox set sent_at = now(), last_error = null where id = any(${sql.param(ids)}::bigint[])`);
}

/**
 * A failed attempt: tried again `retryInMs` from now (the database's clock, as the claim's), or never
 * (`retryInMs` undefined: the attempts ran out). The error is kept either way.
 */
export async function markMailFailed(db: DbOrTx, id: number, error: string, retryInMs: number | undefined): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryInMs === undefined ? { lastError: error, failedAt: sql`now()` } : { lastError: error, dueAt: sql`now() + ${retryInMs} * interval '1 millisecond'` })
    .where(sql`${mailOutbox.id} = ${id}`);
}

/** Milliseconds until the next waiting mail falls due (0 if one is due now), or undefined when none waits. */
export async function msUntilNextMail(db: DbOrTx): Promise<number | undefined> {
  const [row] = (await queryPreparedRows(
    db,
    // Not greatest(0, …) in SQL: greatest ignores a null, so an empty outbox answered 0 and the sender
    // looked again at once, for ever (a busy loop on the database whenever no mail was waiting).
    sql`select (extract(epoch from min(due_at) - now()) * 1000)::float8 as ms from mail_outbox where sent_at is null and failed_at is null`,
  )) as { ms: number | string | null }[];
  return row?.ms === null || row?.ms === undefined ? undefined : Math.max(0, Number(row.ms));
}

/** Deletes mails sent (or given up) before `before`: the table holds about a week of mail. */
export async function purgeFinishedMails(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(and(lt(mailOutbox.createdAt, before), or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt))))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** Mails not sent yet and not given up (tests, and a look for an operator). */
export async function countWaitingMails(db: DbOrTx): Promise<number> {
  const [row] = (await queryRows(db, sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`)) as { n: number }[];
  return row?.n ?? 0;
}
