import {
  evaluateCoupon,
  FIRST_SHOP,
  formatPrice,
  priceCheckout,
  SHOP_COUPONS_MAX,
  toMajor,
  toMinor,
  type Coupon,
  type CouponCartLine,
  type CouponCheckAnswer,
  type CouponCheckInput,
  type CouponDiscount,
  type CouponEditInput,
  type CouponInput,
  type CouponListQuery,
  type CouponRule,
} from '@greencart/shared';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { DeliveryService } from '../delivery/delivery-service.js';
import { assertEachProductOnce } from '../orders/order-errors.js';
import { findSellerById } from '../seller/seller-repository.js';
import type { ProductService } from '../products/product-service.js';
import {
  amountTakesNoCap,
  couponCodeNamesMarketplace,
  couponCodeTaken,
  couponEndPassed,
  couponNotFound,
  couponRefused,
  couponUsed,
  endNotAfterStart,
  pausedByOperator,
  productsNotOwn,
  shopsOwnCoupon,
  tooManyCoupons,
  totalBelowUses,
} from './coupon-errors.js';
import {
  countShopCouponsNotEnded,
  countShopProducts,
  couponEverUsed,
  couponShop,
  deleteUnusedCoupon,
  findCouponByCode,
  insertCoupon,
  listCoupons,
  lockCoupon,
  setCouponActive,
  shopperUsage,
  updateCouponLimits,
  type CouponLimitsChange,
  type CouponOwner,
  type CouponRow,
  type ListedCoupon,
} from './coupon-repository.js';

/** Who asks: the operator makes platform coupons (it pays), a seller its shop's (the shop pays). */
export interface CouponCaller {
  id: string;
  role: 'operator' | 'seller';
}

/** The coupons a caller owns: the platform's (null) for the operator, its shop's for a seller. */
const ownerOf = (caller: CouponCaller) => (caller.role === 'operator' ? null : caller.id);

const toRule = (row: CouponRow): CouponRule => ({
  id: row.id,
  code: row.code,
  type: row.type,
  value: row.value,
  minSubtotalMinor: row.minSubtotalMinor,
  maxDiscountMinor: row.maxDiscountMinor,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  totalUses: row.totalUses,
  usesPerShopper: row.usesPerShopper,
  firstOrderOnly: row.firstOrderOnly,
  categories: row.categories,
  productIds: row.productIds,
  sellerId: row.sellerId,
  active: row.active,
});

const toApiCoupon = (row: CouponRow, shop: ListedCoupon['shop'], everUsed: boolean): Coupon => ({
  _id: row.id,
  code: row.code,
  type: row.type,
  value: row.type === 'amount' ? toMajor(row.value) : row.value,
  minSubtotal: row.minSubtotalMinor === null ? null : toMajor(row.minSubtotalMinor),
  maxDiscount: row.maxDiscountMinor === null ? null : toMajor(row.maxDiscountMinor),
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  totalUses: row.totalUses,
  usesPerShopper: row.usesPerShopper,
  firstOrderOnly: row.firstOrderOnly,
  categories: row.categories,
  productIds: row.productIds,
  scope: row.sellerId === null ? 'platform' : 'shop',
  shop,
  active: row.active,
  pausedByOperator: row.pausedByOperator,
  uses: row.usesTaken,
  discountGiven: toMajor(row.discountGivenMinor),
  everUsed,
  createdAt: row.createdAt.toISOString(),
});

/** A limit as its column holds it: null (none) and undefined (left out: unchanged, or none at creation) as they are. */
const column = <T, R>(value: T | null | undefined, to: (sent: T) => R): R | null | undefined => (value === undefined ? undefined : value === null ? null : to(value));
/** A coupon's limits and dates as the call gives them (rupees, ISO instants) in its columns. */
const limitsOf = (input: Omit<CouponEditInput, 'id'>): CouponLimitsChange => ({
  minSubtotalMinor: column(input.minSubtotal, toMinor),
  maxDiscountMinor: column(input.maxDiscount, toMinor),
  startsAt: column(input.startsAt, (at) => new Date(at)),
  endsAt: column(input.endsAt, (at) => new Date(at)),
  totalUses: input.totalUses,
  usesPerShopper: input.usesPerShopper,
});

/** A coupon priced for a checkout: what place_order needs to take its use. */
export interface PricedCoupon {
  id: string;
  code: string;
  paidBy: 'operator' | 'shop';
  discount: CouponDiscount;
}

/**
 * A code that names the marketplace ("GREENCART10", "GreenKart-50"): a shopper reads it as the whole store's, so it is
 * the operator's to make. Codes are one across the marketplace (0155), and a new shop took GREENCART10 for its own
 * goods, the operator never able to use it (a probe).
 */
const namesTheMarketplace = (code: string) => code.toLowerCase().replace(/k/g, 'c').replace(/[-_]/g, '').includes(FIRST_SHOP.slug);

/**
 * Coupons (issue 29, docs/decisions/0155-0157): making them (operator and sellers), and pricing one against a
 * cart with the shared rule (`evaluateCoupon`) for the check call and for checkout, which then takes its use
 * in place_order.
 */
export function createCouponService(deps: {
  db: Db;
  config: Pick<Config, 'currency' | 'storeTimeZone'>;
  catalogue: Pick<ProductService, 'byIds'>;
  /** The shops' delivery terms: a free-delivery coupon takes off the fees the cart's shop orders pay (issue 28). */
  delivery: Pick<DeliveryService, 'termsFor'>;
}) {
  const { db, config } = deps;

  /** The coupon priced against cart lines as read now (and the shop orders' delivery fees); a refusal throws its reason. */
  async function price(
    userId: string,
    code: string,
    lines: CouponCartLine[],
    deliveryFees?: ReadonlyMap<string, number>,
    options: { exceptWaiting?: boolean } = {},
  ): Promise<PricedCoupon> {
    const row = await findCouponByCode(db, code);
    const { waitingUses, ...usage } = row ? await shopperUsage(db, row.id, userId, options) : { usesByShopper: 0, shopperHasOrders: false, waitingUses: 0 };
    const result = evaluateCoupon(row && toRule(row), lines, { usesTaken: (row?.usesTaken ?? 0) - waitingUses, ...usage }, new Date(), deliveryFees);
    if (!result.ok) throw couponRefused(result, code, config);
    return { id: row!.id, code: row!.code, paidBy: row!.sellerId === null ? 'operator' : 'shop', discount: result.discount };
  }

  return {
    price,

    /** POST /api/seller/coupons. */
    async create(caller: CouponCaller, input: CouponInput): Promise<Coupon> {
      const sellerId = ownerOf(caller);
      if (sellerId !== null && namesTheMarketplace(input.code)) throw couponCodeNamesMarketplace(input.code);
      if (input.endsAt && Date.parse(input.endsAt) <= Date.now()) throw couponEndPassed();
      const productIds = input.productIds?.length ? [...new Set(input.productIds)] : null;
      // A shop's coupon names its own products; the platform's, products that exist (one that does not was accepted, and the
      // coupon then applied to nothing: a probe).
      if (productIds && (await countShopProducts(db, sellerId, productIds)) !== productIds.length) throw productsNotOwn(sellerId === null);
      const row = await db.transaction(async (tx) => {
        // A shop holds at most SHOP_COUPONS_MAX coupons that have not ended, counted under its row's lock (two creations
        // at once count in turn; the shop's row comes before coupons in the global lock order). The platform's are not capped.
        if (sellerId !== null) {
          await findSellerById(tx, sellerId, true);
          if ((await countShopCouponsNotEnded(tx, sellerId, SHOP_COUPONS_MAX)) >= SHOP_COUPONS_MAX) throw tooManyCoupons();
        }
        return insertCoupon(tx, {
          code: input.code,
          sellerId,
          type: input.type,
          value: input.type === 'amount' ? toMinor(input.value) : input.type === 'percent' ? input.value : 0,
          ...limitsOf(input),
          firstOrderOnly: input.firstOrderOnly,
          categories: input.categories?.length ? [...new Set(input.categories)] : null,
          productIds,
        });
      });
      if (row === 'taken') throw couponCodeTaken(input.code);
      return toApiCoupon(row, await couponShop(db, sellerId), false);
    },

    /**
     * POST /api/seller/coupons/delete: one of the caller's coupons that no checkout used, its code then free for any shop;
     * the operator's, any shop's too (moderation: a shop holding codes it does not use). A used one stays with its orders.
     */
    async remove(caller: CouponCaller, id: string): Promise<string> {
      const deleted = await db.transaction((tx) => deleteUnusedCoupon(tx, id, caller.role === 'operator' ? undefined : caller.id));
      if (!deleted) throw couponNotFound(caller.role === 'operator');
      if (deleted === 'used') throw couponUsed();
      return deleted.code;
    },

    /**
     * GET /api/seller/coupons: the caller's coupons, newest first, a page at a time; `q` a code's start. The operator's
     * are the platform's, or with `seller` a shop's (moderation), or with `q` alone the coupon of that exact code,
     * whoever's (a shop holding a code the operator wanted could not be found: a probe). A seller's list holds only its own.
     */
    async list(caller: CouponCaller, query: CouponListQuery): Promise<{ coupons: Coupon[]; nextCursor: string | null }> {
      const q = query.q || undefined;
      const findsCode = caller.role === 'operator' && !query.seller && q !== undefined;
      const named: CouponOwner[] = query.seller ? [{ named: query.seller }] : [];
      // A seller's own and, naming a shop, that one too: another shop's name finds none of its coupons.
      const owners: CouponOwner[] = caller.role === 'seller' ? [caller.id, ...named] : findsCode ? ['any'] : named.length ? named : [null];
      const rows = await listCoupons(db, owners, { before: query.cursor, limit: query.limit + 1, ...(findsCode ? { code: q } : { startsWith: q }) });
      const shown = rows.slice(0, query.limit);
      return { coupons: shown.map((row) => toApiCoupon(row, row.shop, row.everUsed)), nextCursor: rows.length > query.limit ? shown.at(-1)!.id : null };
    },

    /**
     * POST /api/seller/coupons/edit (decision 0281, amended): the limits and dates sent of one of the caller's own
     * coupons (the operator's: the platform's); each null removed, each left out kept. Its code and offer stay. Another
     * shop's coupon is as unknown; the operator may pause a shop's coupon but not change it.
     */
    async edit(caller: CouponCaller, input: CouponEditInput): Promise<Coupon> {
      const { id, ...limits } = input;
      // One transaction, the row locked: the dates kept are the ones checked against those sent (two edits at once, one
      // moving the start and one the end, could each pass and leave an end before the start).
      return db.transaction(async (tx) => {
        // A shop's row before its coupon's (the global lock order), as creating one takes it: an ended coupon given a
        // new end counts again among the shop's SHOP_COUPONS_MAX (a probe revived ended ones past the cap).
        if (caller.role === 'seller') await findSellerById(tx, caller.id, true);
        const row = await lockCoupon(tx, id);
        const mine = row && row.sellerId === ownerOf(caller);
        if (!row || (!mine && caller.role !== 'operator')) throw couponNotFound(caller.role === 'operator');
        if (!mine) throw shopsOwnCoupon();
        if (row.type === 'amount' && limits.maxDiscount != null) throw amountTakesNoCap();
        if (limits.endsAt && Date.parse(limits.endsAt) <= Date.now()) throw couponEndPassed();
        const startsAt = limits.startsAt === undefined ? row.startsAt : limits.startsAt && new Date(limits.startsAt);
        const endsAt = limits.endsAt === undefined ? row.endsAt : limits.endsAt && new Date(limits.endsAt);
        if (startsAt && endsAt && endsAt <= startsAt) throw endNotAfterStart();
        const revived = row.endsAt !== null && row.endsAt <= new Date() && (endsAt === null || endsAt > new Date());
        if (revived && row.sellerId !== null && (await countShopCouponsNotEnded(tx, row.sellerId, SHOP_COUPONS_MAX)) >= SHOP_COUPONS_MAX) throw tooManyCoupons();
        const saved = await updateCouponLimits(tx, id, limitsOf(limits));
        if (!saved) throw couponNotFound(caller.role === 'operator');
        if (!('id' in saved)) throw totalBelowUses(saved.usesTaken);
        return toApiCoupon(saved, await couponShop(tx, saved.sellerId), await couponEverUsed(tx, saved.id));
      });
    },

    /**
     * POST /api/seller/coupons/status: pause or resume one of the caller's own coupons (another's: 404); the operator
     * any shop's too (moderation, as it may retire any product).
     */
    async setActive(caller: CouponCaller, id: string, active: boolean): Promise<Coupon> {
      const row = await setCouponActive(db, id, { id: caller.id, operator: caller.role === 'operator' }, active);
      if (row === 'paused-by-operator') throw pausedByOperator();
      if (!row) throw couponNotFound(caller.role === 'operator');
      return toApiCoupon(row, await couponShop(db, row.sellerId), await couponEverUsed(db, row.id));
    },

    /**
     * POST /api/coupon/check: the coupon against the shopper's cart as the catalogue sells it now, divided
     * over shops and lines. Lines of products not sold any more are left out (checkout refuses them).
     */
    async check(userId: string, input: CouponCheckInput): Promise<CouponCheckAnswer> {
      assertEachProductOnce(input.items);
      const products = new Map((await deps.catalogue.byIds(input.items.map((i) => i.product))).map((p) => [p._id, p]));
      const lines = input.items.flatMap((item) => {
        const product = products.get(item.product);
        return product
          ? [{ productId: product._id, sellerId: product.seller.id, category: product.category, unitPriceMinor: toMinor(product.offerPrice), quantity: item.quantity }]
          : [];
      });
      // Each shop order's delivery fee, priced by checkout's rule under the shop's terms (a free-delivery coupon's base).
      const terms = await deps.delivery.termsFor([...new Set(lines.map((l) => l.sellerId))]);
      const fees = priceCheckout(lines, new Map([...terms].map(([id, t]) => [id, t.terms]))).orders.map((o) => [o.sellerId, o.deliveryFeeMinor] as const);
      // The shopper's own checkout left on a payment page does not hold the coupon from them: placing the order ends it (0224).
      const { code, discount } = await price(userId, input.code, lines, new Map(fees), { exceptWaiting: true });
      const money = (minor: number) => formatPrice(minor, config.currency);
      return {
        success: true,
        message:
          discount.unusedMinor > 0
            ? `Coupon ${code} takes ${money(discount.discountMinor)} off, the whole price of what it applies to. The other ${money(discount.unusedMinor)} is not kept for another order.`
            : `Coupon ${code} takes ${money(discount.discountMinor)} off`,
        code,
        discount: toMajor(discount.discountMinor),
        unused: toMajor(discount.unusedMinor),
        lines: discount.lines.map((l) => ({ product: l.productId, discount: toMajor(l.discountMinor) })),
        shops: [...discount.shops].map(([seller, part]) => ({
          seller,
          discount: toMajor(part.goodsMinor + part.deliveryMinor),
          goods: toMajor(part.goodsMinor),
          delivery: toMajor(part.deliveryMinor),
        })),
      };
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
