import {
  balanceEffect,
  bpsToPercent,
  commissionMinor,
  deliveryDiscountMinor,
  formatPrice,
  ledgerEntryLabel,
  ORDER_NUMBER_PREFIX,
  percentToBps,
  shopsOwn,
  toMajor,
  toMinor,
  type CommissionAnswer,
  type CommissionReadAnswer,
  type CommissionInput,
  type LedgerAnswer,
  type LedgerEntry,
  type LedgerQuery,
  type Payout,
  type PayoutAccountAnswer,
  type PayoutAccountInput,
  type PayoutAccountLinkAnswer,
  type PayoutAnswer,
  type PayoutInput,
  type PayoutsAnswer,
  type PayoutsQuery,
  type ShopBalance,
} from '@greencart/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { couponTypeOf } from '../coupons/coupon-repository.js';
import { countDefaultCommissionShops, queueDefaultCommissionMails, queueShopMail } from '../mail/mail-outbox-repository.js';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import { csvLines, csvLocalTime } from '../fulfilment/fulfilment-export.js';
import {
  connectFailed,
  ownShopNoCommission,
  ownShopNoPayout,
  payoutAccountConnectedByShop,
  payoutAccountTaken,
  payoutExceedsBalance,
  paymentExceedsDebt,
  payoutFoundAtStripe,
  payoutKeyReused,
  payoutsManual,
  sellerNotFound,
  transferFailed,
} from './settlement-errors.js';
import {
  appendEntries,
  commissionTotalMinor,
  findAccount,
  findOrderEntries,
  findPayoutByKey,
  findPayoutsByKeys,
  findShop,
  insertPayout,
  listEntries,
  periodBalances,
  listShopAccounts,
  lockAccount,
  otherShopPaidTo,
  readDefaultCommissionBps,
  writeDefaultCommissionBps,
  writeShopCommissionBps,
  writeStripeAccount,
  type StatementEntryRow,
  type NewEntry,
  type PayoutRow,
  type SellerAccountRow,
} from './settlement-repository.js';

/** The commission every shop pays until the operator sets another default: 10 % (docs/decisions/0121). */
export const DEFAULT_COMMISSION_BPS = 1000;

/** Entries read per query while a statement's CSV streams. */
const EXPORT_PAGE_SIZE = 500;

/** Who asks: a shop reads its own money; the operator reads any shop's and alone changes settings and pays out. */
export interface Caller {
  id: string;
  role: 'operator' | 'seller';
}

const UNIQUE_VIOLATION = '23505';

/** What the ledger needs of an order: its shop, what the shopper paid and how, and its coupon discount and who pays it. */
export interface SettledOrder {
  id: string;
  sellerId: string;
  /** Cash on delivery is taken by the shop's rider and kept by the shop (decision 0276); a card payment reaches GreenCart. */
  paymentType: 'COD' | 'Online';
  amountMinor: number;
  /** Issue 28: the delivery fee in amountMinor, no commission on it. */
  deliveryFeeMinor: number;
  discountMinor: number;
  discountPaidBy: 'operator' | 'shop' | null;
}

/** A delivered order as its commission needs it: with the part of its discount taken off its delivery fee. */
export type DeliveredOrder = SettledOrder & { deliveryDiscountMinor: number };

/**
 * The shop's sale of an order (issue 29, docs/decisions/0159): what the shopper paid, plus the discount of a
 * platform coupon, which the operator bears; a shop's own coupon is the shop's and lowers its sale.
 */
export const shopSaleMinor = (order: Pick<SettledOrder, 'amountMinor' | 'discountMinor' | 'discountPaidBy'>) => order.amountMinor + (order.discountPaidBy === 'operator' ? order.discountMinor : 0);

/**
 * What the operator's commission is taken on: the goods (with their tax) as the shop sold them, after its own
 * coupon's discount on them; never the delivery fee, which is all the shop's (it delivers: issue 28, 0139), nor
 * what a free-delivery coupon waived of it (`deliveryDiscountMinor`, the shop's own loss when it is the shop's
 * coupon); never below 0.
 */
export const commissionBaseMinor = (order: DeliveredOrder) =>
  Math.max(0, shopSaleMinor(order) - order.deliveryFeeMinor + (order.discountPaidBy === 'shop' ? order.deliveryDiscountMinor : 0));

/**
 * The commission a shop pays, in basis points: its own rate, else the default; none for the operator's own shop,
 * whose sales are the operator's already (docs/decisions/0121).
 */
export const shopCommissionBps = (shop: ShopTerms, defaultBps: number) =>
  shop.role === 'operator' ? 0 : (shop.commissionBps ?? defaultBps);

type ShopTerms = { role: 'operator' | 'seller'; commissionBps: number | null };

/**
 * A delivered order's entries on its shop's ledger: the sale, the operator's commission at the shop's rate on its base
 * (none at 0), and for cash on delivery the cash the shop's rider collected, which the shop keeps: a payout made at the
 * door (decision 0276), so the balance of a cash order is what GreenCart owes on it (a platform coupon's discount) less
 * its commission, which the shop owes. The operator's own shop has no cash entry: its cash is GreenCart's, and its
 * balance is all it takes in ("Takings kept", 0247).
 */
export const deliveryEntries = (order: DeliveredOrder, shop: ShopTerms, defaultBps: number): NewEntry[] => {
  const commission = commissionMinor(commissionBaseMinor(order), shopCommissionBps(shop, defaultBps));
  const cashKept = order.paymentType === 'COD' && shop.role !== 'operator' && order.amountMinor > 0;
  return [
    { type: 'sale', amountMinor: shopSaleMinor(order), orderId: order.id },
    ...(commission > 0 ? [{ type: 'commission' as const, amountMinor: commission, orderId: order.id }] : []),
    ...(cashKept ? [{ type: 'payout' as const, amountMinor: order.amountMinor, orderId: order.id }] : []),
  ];
};

/** The sum of an order's entries of one type (its commission, the cash its shop kept). */
const sumOf = (entries: { type: NewEntry['type']; amountMinor: number }[], type: NewEntry['type']) => entries.filter((e) => e.type === type).reduce((sum, e) => sum + e.amountMinor, 0);

const toApiEntry = (row: StatementEntryRow): LedgerEntry => ({
  id: String(row.id),
  type: row.type,
  amount: toMajor(row.amountMinor),
  description: ledgerEntryLabel({ type: row.type, amount: row.amountMinor, orderId: row.orderId }),
  ...(row.orderId ? { orderId: row.orderId } : {}),
  ...(row.orderNumber !== null ? { orderNumber: `${ORDER_NUMBER_PREFIX}${row.orderNumber}` } : {}),
  ...(row.payoutId ? { payoutId: row.payoutId } : {}),
  ...(row.payoutReference ? { payoutReference: row.payoutReference } : {}),
  createdAt: row.createdAt.toISOString(),
});

const toApiPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  sellerId: row.sellerId,
  amount: toMajor(row.amountMinor),
  key: row.key,
  method: row.method,
  transferId: row.transferId,
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The marketplace's money after checkout (issue 26): the operator's commission, each shop's append-only
 * ledger (a delivered order's sale and commission, a refund and its commission given back, payouts) and
 * the payouts themselves, never more than the balance and one per key (docs/decisions/0121-0123).
 */
export function createSettlementService(deps: {
  db: Db;
  payments: Pick<PaymentGateway, 'transfers' | 'connect'>;
  log: FastifyBaseLogger;
  /** Where Stripe's onboarding sends the seller back to (the web's Balance screen). */
  publicUrl: string;
  currency: string;
  /** The store's time zone: the statement's dates as the screens and the orders' CSV show them. */
  timeZone: string;
}) {
  const { db, log } = deps;
  const money = (minor: number) => formatPrice(minor, deps.currency);

  /** The default rate; `lock`: its row held until the transaction ends (a change of a rate, decision 0249). */
  const defaultBps = (tx: DbOrTx = db, lock = false) => readDefaultCommissionBps(tx, DEFAULT_COMMISSION_BPS, lock);

  /**
   * The shop a call is about: the caller's own, or for the operator the one it names (its own when none). A seller
   * naming another shop is told it is not found (it was answered its own, as if it had asked for that one).
   */
  async function targetShop(caller: Caller, sellerId: string | undefined) {
    if (sellerId && caller.role !== 'operator' && sellerId !== caller.id) throw sellerNotFound();
    const id = sellerId ?? caller.id;
    const shop = await findShop(db, id);
    if (!shop) throw sellerNotFound();
    return shop;
  }

  return {
    async commission(): Promise<CommissionReadAnswer> {
      const [bps, shopsOnDefault] = await Promise.all([defaultBps(), countDefaultCommissionShops(db)]);
      return { success: true, message: 'Commission loaded', defaultPercent: bpsToPercent(bps), shopsOnDefault };
    },

    /**
     * POST /api/seller/commission (operator): the default, or one shop's override (null drops it). Each shop whose rate
     * this changes is e-mailed its new rate, in the same transaction (decision 0249): it applies to the orders it
     * delivers from now on.
     */
    async setCommission(input: CommissionInput): Promise<CommissionAnswer> {
      const bps = input.percent === null ? null : percentToBps(input.percent);
      const sellerId = input.sellerId;
      if (!sellerId) {
        await db.transaction(async (tx) => {
          const before = await defaultBps(tx, true);
          await writeDefaultCommissionBps(tx, bps!);
          if (before !== bps) await queueDefaultCommissionMails(tx, bps!);
        });
        return { success: true, message: `Default commission set to ${bpsToPercent(bps!)}%`, defaultPercent: bpsToPercent(bps!) };
      }
      const shop = await findShop(db, sellerId);
      if (!shop) throw sellerNotFound();
      if (shop.role === 'operator') throw ownShopNoCommission();
      const fallback = await db.transaction(async (tx) => {
        // The default read first, then the shop's row: the order a change of the default takes them in (its mails).
        const rate = await defaultBps(tx, true);
        const { before } = await writeShopCommissionBps(tx, sellerId, bps);
        if ((before ?? rate) !== (bps ?? rate)) await queueShopMail(tx, sellerId, { kind: 'commission', bps: bps ?? rate, rate: bps === null ? 'default' : 'own' });
        return rate;
      });
      return {
        success: true,
        // Naming the shop (the toast said "The shop's", on a screen of many: a probe); the percent sign kept with its figure.
        message: bps === null ? `${shop.shopName} pays the default commission again` : `${shopsOwn(shop.shopName)} commission is set to ${bpsToPercent(bps)}%`,
        defaultPercent: bpsToPercent(fallback),
        shop: { sellerId, overridePercent: bps === null ? null : bpsToPercent(bps), percent: bpsToPercent(bps ?? fallback) },
      };
    },

    /**
     * A shop's order was delivered: its sale and the operator's commission (the shop's rate now) enter the
     * shop's ledger, in the transaction that moved the order (which holds the order's row: the account's
     * lock comes after it). An order already sold is not sold twice. The sale includes the delivery fee the
     * shop charged; the commission is on the rest only: the shop delivers, the fee is all its own (issue 28, 0139).
     */
    async recordDelivery(tx: DbOrTx, order: SettledOrder & { couponId: string | null }): Promise<void> {
      await lockAccount(tx, order.sellerId);
      if ((await findOrderEntries(tx, order.id)).some((e) => e.type === 'sale')) return;
      const shop = await findShop(tx, order.sellerId);
      if (!shop) throw sellerNotFound();
      const delivered = { ...order, deliveryDiscountMinor: deliveryDiscountMinor(order, await couponTypeOf(tx, order.couponId)) };
      await appendEntries(tx, order.sellerId, deliveryEntries(delivered, shop, await defaultBps(tx)));
    },

    /**
     * A delivered order was given back: the refund leaves the shop's balance and the commission taken on its
     * sale is given back to the shop, as new entries (the sale's stay as they were). The cash the shop kept of a cash
     * order (0276) it hands back to the shopper itself: that entry is turned round too. A cash order the shop refunds
     * on its own word keeps its commission: no money passes GreenCart, so the shop's word alone would cancel what it
     * owes (a probe refunded a shop's old cash orders to zero its debt); the operator's refund, a return it checked,
     * gives it back. Answers whether a commission stayed (the shop is told).
     */
    async recordRefund(tx: DbOrTx, order: SettledOrder, by: 'seller' | 'operator'): Promise<{ commissionKept: boolean }> {
      await lockAccount(tx, order.sellerId);
      const entries = await findOrderEntries(tx, order.id);
      if (entries.some((e) => e.type === 'refund')) return { commissionKept: false };
      const kept = order.paymentType === 'COD' && by === 'seller';
      const commission = kept ? 0 : sumOf(entries, 'commission');
      const cashKept = sumOf(entries, 'payout');
      await appendEntries(tx, order.sellerId, [
        // The shop gives back what its sale credited it: the shopper's payment plus any platform discount.
        { type: 'refund', amountMinor: shopSaleMinor(order), orderId: order.id },
        ...(commission !== 0 ? [{ type: 'commission' as const, amountMinor: -commission, orderId: order.id }] : []),
        ...(cashKept !== 0 ? [{ type: 'payout' as const, amountMinor: -cashKept, orderId: order.id }] : []),
      ]);
      return { commissionKept: kept && sumOf(entries, 'commission') > 0 };
    },

    /** GET /api/seller/ledger: a page of a shop's statement, newest first, with its balance. */
    async ledger(caller: Caller, query: LedgerQuery): Promise<LedgerAnswer> {
      const shop = await targetShop(caller, query.sellerId);
      const days = query.from || query.to ? { from: query.from, to: query.to, timeZone: deps.timeZone } : undefined;
      const [rows, account, fallback, period] = await Promise.all([
        listEntries(db, shop.id, {
          before: query.cursor === undefined ? undefined : Number(query.cursor),
          limit: query.limit + 1,
          from: query.from,
          to: query.to,
          timeZone: deps.timeZone,
        }),
        findAccount(db, shop.id),
        defaultBps(),
        days && periodBalances(db, shop.id, days),
      ]);
      const shown = rows.slice(0, query.limit);
      return {
        success: true,
        message: 'Ledger loaded',
        seller: { id: shop.id, shopName: shop.shopName, slug: shop.slug },
        entries: shown.map(toApiEntry),
        balance: toMajor(account?.balanceMinor ?? 0),
        // A seller could not check its commission entries against its rate: only the operator's screens showed it.
        commissionPercent: bpsToPercent(shopCommissionBps(shop, fallback)),
        ...(period && { period: { from: query.from ?? null, to: query.to ?? null, opening: toMajor(period.openingMinor), closing: toMajor(period.closingMinor) } }),
        nextCursor: rows.length > query.limit ? String(shown.at(-1)!.id) : null,
      };
    },

    /** The shop the statement export is of (checked before the CSV starts streaming, so a refusal is a 4xx). */
    ledgerShop: targetShop,

    /** GET /api/seller/ledger/export: the whole statement as CSV, newest first, a page of entries at a time. */
    async *ledgerCsv(sellerId: string, days: { from?: string; to?: string } = {}): AsyncGenerator<string> {
      // 'Change to balance' is signed (a sale adds, the others take away), so the column sums to the balance. The last
      // column dates the entry as the screens and the orders' CSV do (the UTC one put an evening's entry on the next day).
      const localTime = csvLocalTime(deps.timeZone);
      // 'Description' names the entry as the screen does: a payout about an order is cash its rider kept (0276).
      yield csvLines([['Entry', 'Date (UTC)', 'Type', 'Amount', 'Order ID', 'Payout ID', 'Change to balance', 'Order number', `Date (${deps.timeZone})`, 'Payout reference', 'Description']]);
      let before: number | undefined;
      for (;;) {
        const rows = await listEntries(db, sellerId, { before, limit: EXPORT_PAGE_SIZE, ...days, timeZone: deps.timeZone });
        if (rows.length > 0) {
          yield csvLines(
            rows.map((r) => [
              r.id,
              r.createdAt.toISOString(),
              r.type,
              toMajor(r.amountMinor),
              r.orderId ?? '',
              r.payoutId ?? '',
              toMajor(balanceEffect(r.type, r.amountMinor)),
              r.orderNumber === null ? '' : `${ORDER_NUMBER_PREFIX}${r.orderNumber}`,
              localTime.format(r.createdAt),
              // Typed by the operator: kept from being read as a formula, as every text of the shop's CSV files is.
              r.payoutReference ?? '',
              ledgerEntryLabel({ type: r.type, amount: r.amountMinor, orderId: r.orderId }),
            ]),
          );
        }
        if (rows.length < EXPORT_PAGE_SIZE) return;
        before = rows.at(-1)!.id;
      }
    },

    /** GET /api/seller/payouts (operator): every shop's balance due, a page of shops at a time. */
    async payouts(query: PayoutsQuery): Promise<PayoutsAnswer> {
      const [rows, fallback, commissionTotal] = await Promise.all([
        listShopAccounts(db, { contains: query.q, owed: query.owed === 'true', owes: query.owes === 'true', after: query.cursor, limit: query.limit + 1 }),
        defaultBps(),
        commissionTotalMinor(db),
      ]);
      const shown = rows.slice(0, query.limit);
      const shops: ShopBalance[] = shown.map((row) => ({
        seller: row.seller,
        status: row.status,
        balance: toMajor(row.account?.balanceMinor ?? 0),
        sales: toMajor(row.account?.salesMinor ?? 0),
        commission: toMajor(row.account?.commissionMinor ?? 0),
        refunds: toMajor(row.account?.refundsMinor ?? 0),
        payouts: toMajor(row.account?.payoutsMinor ?? 0),
        paidOut: toMajor((row.account?.payoutsMinor ?? 0) - (row.account?.cashKeptMinor ?? 0) + (row.account?.paidInMinor ?? 0)),
        cashKept: toMajor(row.account?.cashKeptMinor ?? 0),
        paidIn: toMajor(row.account?.paidInMinor ?? 0),
        commissionPercent: bpsToPercent(shopCommissionBps(row, fallback)),
        overridePercent: row.commissionBps === null || row.role === 'operator' ? null : bpsToPercent(row.commissionBps),
        ownShop: row.role === 'operator',
        connectedAccount: Boolean(deps.payments.transfers && row.account?.stripeAccountId),
        payoutAccount: row.account?.stripeAccountId ? { id: row.account.stripeAccountId, setBy: row.account.stripeAccountSetBy! } : null,
      }));
      return {
        success: true,
        message: 'Balances loaded',
        shops,
        nextCursor: rows.length > query.limit ? shown.at(-1)!.seller.id : null,
        defaultPercent: bpsToPercent(fallback),
        commissionTotal: toMajor(commissionTotal),
      };
    },

    /**
     * POST /api/seller/payout-account (operator): where the shop's payouts are transferred (Stripe Connect), or
     * null to disconnect. An account the shop connected itself is never replaced by another in one step: the
     * operator disconnects it first, on purpose (docs/decisions/0191). Under the account's lock, so a shop's
     * onboarding running at the same moment is either seen here or sees the operator's account.
     */
    async setPayoutAccount(input: PayoutAccountInput): Promise<{ success: true; message: string }> {
      if (!(await findShop(db, input.sellerId))) throw sellerNotFound();
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, input.sellerId);
        if (account.stripeAccountId === input.stripeAccountId) return;
        if (input.stripeAccountId && account.stripeAccountSetBy === 'shop') throw payoutAccountConnectedByShop(account.stripeAccountId!);
        if (input.stripeAccountId) {
          const paid = await otherShopPaidTo(tx, input.stripeAccountId, input.sellerId);
          if (paid !== undefined) throw payoutAccountTaken(paid);
        }
        await writeStripeAccount(tx, input.sellerId, input.stripeAccountId ? { id: input.stripeAccountId, setBy: 'operator' } : null);
      });
      if (!input.stripeAccountId) return { success: true, message: 'Payouts are paid by hand' };
      // Without Stripe the account is kept for when it is configured (0191); payouts are still recorded by hand.
      return { success: true, message: deps.payments.connect ? "Payouts go to the shop's Stripe account" : "The shop's Stripe account is kept; payouts are recorded by hand until Stripe is configured" };
    },

    /**
     * GET /api/seller/payout-account: where a shop's payouts go (docs/decisions/0170). With Stripe, its connected
     * account as Stripe reports it now (no copy of Stripe's flags is kept to go stale); without, 'manual'.
     */
    async payoutAccount(caller: Caller, sellerId: string | undefined): Promise<PayoutAccountAnswer> {
      const shop = await targetShop(caller, sellerId);
      const { connect } = deps.payments;
      if (!connect) return { success: true, message: 'Payouts are recorded by hand', mode: 'manual', account: null, setBy: null };
      const row = await findAccount(db, shop.id);
      if (!row?.stripeAccountId) return { success: true, message: 'No payout account connected yet', mode: 'stripe', account: null, setBy: null };
      const account = await connect.account(row.stripeAccountId).catch((err: unknown) => {
        log.warn({ err, sellerId: shop.id }, 'reading a connected account from Stripe failed');
        throw connectFailed();
      });
      const message = account.payoutsEnabled ? 'Payouts go to your Stripe account' : 'Your Stripe account is not ready for payouts yet';
      return { success: true, message, mode: 'stripe', account, setBy: row.stripeAccountSetBy };
    },

    /**
     * POST /api/seller/payout-account/connect: the caller's shop gets a Stripe Connect account, made once under
     * the shop account's lock (two clicks at once take turns; the second finds the first's account, and Stripe's
     * idempotency key covers a create whose answer was lost), and a fresh onboarding link to send the seller to.
     */
    async connectPayoutAccount(sellerId: string): Promise<PayoutAccountLinkAnswer> {
      const { connect } = deps.payments;
      if (!connect) throw payoutsManual();
      const shop = await findShop(db, sellerId);
      if (!shop) throw sellerNotFound();
      const failed = (err: unknown): never => {
        log.error({ err, sellerId }, 'Stripe Connect onboarding failed');
        throw connectFailed();
      };
      const accountId = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, sellerId);
        if (account.stripeAccountId) return account.stripeAccountId;
        const created = await connect.createAccount({ sellerId, email: shop.email, shopName: shop.shopName }).catch(failed);
        await writeStripeAccount(tx, sellerId, { id: created, setBy: 'shop' });
        return created;
      });
      const balanceScreen = `${deps.publicUrl}/seller/balance`;
      const url = await connect.onboardingUrl(accountId, { returnUrl: `${balanceScreen}?connect=returned`, refreshUrl: `${balanceScreen}?connect=expired` }).catch(failed);
      return { success: true, message: 'Continue on Stripe to set up your payouts', accountId, url };
    },

    /**
     * POST /api/seller/payouts (operator): pays `amount` of a shop's balance, at most the balance, taken under
     * the shop account's lock in the transaction that records it, so concurrent payouts of one shop take turns
     * and the later ones see the balance the earlier left. The same key answers the payout it made (a retry);
     * with another shop or amount it is refused. A shop with a Stripe Connect account, on a shop with Stripe
     * configured, gets a transfer (idempotent on the key); otherwise the payout is recorded as made by hand.
     */
    async payout(input: PayoutInput): Promise<PayoutAnswer> {
      const outcome = await onePerKey(input, 'out', async (tx, account, amountMinor): Promise<PayoutAnswer | { found: PayoutRow[]; balanceMinor: number }> => {
        const transfers = deps.payments.transfers;
        const destination = transfers && account.stripeAccountId;
        // The transfers Stripe already made to the shop (decision 0044, amended 2026-12-01): this key's, from a try whose
        // answer was lost (however long ago), is this payout's; another key's that no payout recorded (its answer lost,
        // and the form then opened again under a new key) is recorded first, and this payout is not made: the operator
        // sees the balance it left before paying again, so the shop is not paid twice.
        const made = destination ? await transfers.made(destination).catch(providerFailed) : [];
        const mine = made.find((transfer) => transfer.payoutKey === input.key);
        if (mine && mine.amountMinor !== amountMinor) throw payoutKeyReused();
        const others = made.filter((transfer) => transfer.payoutKey !== undefined && transfer.payoutKey !== input.key);
        const recorded = new Set((await findPayoutsByKeys(tx, others.map((transfer) => transfer.payoutKey!))).map((row) => row.key));
        const lost = others.filter((transfer) => !recorded.has(transfer.payoutKey!) && transfer.amountMinor > 0);
        if (lost.length > 0) {
          const found: PayoutRow[] = [];
          let balanceMinor = account.balanceMinor;
          for (const transfer of lost) {
            const recordedNow = await record(tx, input.sellerId, { amountMinor: transfer.amountMinor, key: transfer.payoutKey!, method: 'stripe', transferId: transfer.id, reference: null });
            found.push(recordedNow.row);
            balanceMinor = recordedNow.balanceMinor;
          }
          return { found, balanceMinor };
        }
        // This key's transfer made already is recorded whatever the balance now (another payout may have taken some since):
        // its money is at the shop (a probe read the refusal while it was).
        if (!mine && amountMinor > account.balanceMinor) throw payoutExceedsBalance(account.balanceMinor, money);
        const transferId = mine
          ? mine.id
          : destination
            ? await transfers.create({ destination, amountMinor, key: input.key, sellerId: input.sellerId }).catch(providerFailed)
            : null;
        const { row, balanceMinor } = await record(tx, input.sellerId, { amountMinor, key: input.key, method: transferId ? 'stripe' : 'manual', transferId, reference: input.reference ?? null });
        const message = transferId ? 'Payout sent to the shop\'s Stripe account' : 'Payout recorded (paid by hand)';
        return { success: true as const, message, payout: toApiPayout(row), balance: toMajor(balanceMinor), replayed: false };
      });
      if ('found' in outcome) throw payoutFoundAtStripe(outcome.found.map((row) => row.amountMinor), outcome.balanceMinor, money);
      return outcome;

      function providerFailed(err: unknown): never {
        log.error({ err, sellerId: input.sellerId }, 'the payout transfer failed');
        throw transferFailed();
      }
    },

    /**
     * POST /api/seller/payouts/received (operator): money the shop paid GreenCart of what it owes (a balance below 0:
     * the commission on cash its riders kept, decision 0276, or a refund after a payout), at most that, taken under the
     * shop account's lock in the transaction that records it; one per key, as a payout.
     */
    async received(input: PayoutInput): Promise<PayoutAnswer> {
      return onePerKey(input, 'in', async (tx, account, amountMinor) => {
        if (amountMinor > -account.balanceMinor) throw paymentExceedsDebt(account.balanceMinor, money);
        const { row, balanceMinor } = await record(tx, input.sellerId, { amountMinor, key: input.key, method: 'received', transferId: null, reference: input.reference ?? null });
        return { success: true as const, message: 'Payment from the shop recorded', payout: toApiPayout(row), balance: toMajor(balanceMinor), replayed: false };
      });
    },
  };

  /**
   * A payout or a payment from a shop, once per key: the shop's account locked, then the key looked for; the same key
   * with the same shop, amount and direction answers what it recorded (a retry), with another it is refused. Two
   * requests with one key at the same moment: the key's unique index refuses the second, which answers the first.
   */
  async function onePerKey<T>(
    input: PayoutInput,
    direction: 'out' | 'in',
    work: (tx: DbOrTx, account: SellerAccountRow, amountMinor: number) => Promise<T>,
  ): Promise<T | PayoutAnswer> {
    const amountMinor = toMinor(input.amount);
    const shop = await findShop(db, input.sellerId);
    if (!shop) throw sellerNotFound();
    // "GreenCart paid Rs 1.50 to GreenCart" (a probe): the operator's own shop keeps what it sells, and owes nothing.
    if (shop.role === 'operator') throw ownShopNoPayout();
    const replay = (row: PayoutRow, balanceMinor: number): PayoutAnswer => {
      // The key of a payout sent for a payment (or the other way) says so, not "another shop or amount" (a probe).
      if ((row.method === 'received') !== (direction === 'in')) throw payoutKeyReused(row.method === 'received' ? 'payment' : 'payout');
      if (row.sellerId !== input.sellerId || row.amountMinor !== amountMinor) throw payoutKeyReused();
      const message = direction === 'in' ? 'This payment was already recorded' : 'This payout was already made';
      return { success: true, message, payout: toApiPayout(row), balance: toMajor(balanceMinor), replayed: true };
    };
    try {
      return await db.transaction(async (tx) => {
        const account = await lockAccount(tx, input.sellerId);
        const earlier = await findPayoutByKey(tx, input.key);
        return earlier ? replay(earlier, account.balanceMinor) : work(tx, account, amountMinor);
      });
    } catch (err) {
      const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
      if (cause.code !== UNIQUE_VIOLATION) throw err;
      const earlier = await findPayoutByKey(db, input.key);
      if (!earlier) throw err;
      return replay(earlier, (await findAccount(db, input.sellerId))?.balanceMinor ?? 0);
    }
  }
}

/**
 * A payout or a payment from a shop recorded, its ledger entry written (a payment from the shop is a payout turned
 * round) and the shop told (decision 0247: iff recorded); the balance after it. In the caller's transaction, which holds
 * the shop account's lock.
 */
async function record(tx: DbOrTx, sellerId: string, payout: Omit<Parameters<typeof insertPayout>[1], 'sellerId'>) {
  const row = await insertPayout(tx, { sellerId, ...payout });
  const amountMinor = payout.method === 'received' ? -payout.amountMinor : payout.amountMinor;
  const balanceMinor = await appendEntries(tx, sellerId, [{ type: 'payout', amountMinor, payoutId: row.id }]);
  await queueShopMail(tx, sellerId, { kind: 'payout', payoutId: row.id });
  return { row, balanceMinor };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
