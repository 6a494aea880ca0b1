import {
  CouponCheckAnswerSchema,
  CouponCheckInputSchema,
  CouponDeleteInputSchema,
  CouponEditInputSchema,
  CouponInputSchema,
  CouponListAnswerSchema,
  CouponListQuerySchema,
  CouponSavedAnswerSchema,
  CouponStatusInputSchema,
  MessageAnswerSchema,
  SHOP_COUPONS_MAX,
  type ErrorCode,
} from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, SELLER_CALL, SELLER_WRITE, USER_CALL, WRITE_CALL } from '../../lib/route-schema.js';
import { AppError } from '../../lib/app-error.js';
import { countRequest, currentCounts, perAddress } from '../../plugins/rate-limit-store.js';
import { tooManyCouponChecks } from './coupon-errors.js';
import type { CouponCaller } from './coupon-service.js';

const tags = ['Coupons'];

/** Codes tried per shopper in 15 minutes (issue 29: guessing codes is limited). */
export const COUPON_CHECK_LIMIT = 30;
/**
 * Codes tried per client address in 15 minutes: five shoppers' budgets, so one shopper guessing behind an office's or
 * a phone network's shared address does not switch coupons off for everyone there (a probe), while new accounts made
 * to guess on still meet a limit.
 */
export const COUPON_CHECK_ADDRESS_LIMIT = 5 * COUPON_CHECK_LIMIT;
export const COUPON_CHECK_WINDOW_MS = 15 * 60 * 1000;

const REFUSALS: ErrorCode[] = [
  'COUPON_UNKNOWN',
  'COUPON_PAUSED',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
  'COUPON_FIRST_ORDER_ONLY',
  'COUPON_NOT_APPLICABLE',
  'COUPON_MINIMUM_NOT_REACHED',
];
export const COUPON_REFUSALS = REFUSALS;

/**
 * The budget of coupon codes a shopper tries (docs/decisions/0160, 0237), counted in the shared rate-limit
 * table per shopper and per client address. A call naming a code (`/coupon/check`, a checkout) is refused at once
 * past the budget and counts only a code that does not exist: guessing costs the budget, while a real code
 * checked again on every change of the cart (or by many shoppers behind one office's address) is not counted.
 */
export function couponGuessBudget(
  app: FastifyInstance,
  budgets: (request: FastifyRequest) => { key: string; limit: number }[] = (request) => [
    { key: `coupon-checks user:${request.userId}`, limit: COUPON_CHECK_LIMIT },
    { key: perAddress('coupon-checks')(request), limit: COUPON_CHECK_ADDRESS_LIMIT },
  ],
  /** The answer that tells the caller something about codes it does not own: the one that counts. */
  telling: ErrorCode = 'COUPON_UNKNOWN',
) {
  /** `spent`: 0 before the call (one more would go over), 1 after a counted try (over only past the limit). */
  const refuseOver = (counts: { current: number; ttl: number }[], limits: number[], spent: 0 | 1) => {
    const over = counts.find((count, i) => count.current > limits[i]! - 1 + spent);
    if (over) throw tooManyCouponChecks(over.ttl);
  };
  return {
    /** Runs a call naming a coupon within the budget: 429 before it when the budget is spent; an unknown code counts. */
    async run<T>(request: FastifyRequest, coupon: string | undefined, call: () => Promise<T>): Promise<T> {
      if (!coupon) return call();
      const counted = budgets(request);
      const limits = counted.map((budget) => budget.limit);
      refuseOver(await currentCounts(app.db, counted.map((budget) => budget.key)), limits, 0);
      try {
        return await call();
      } catch (err) {
        if (err instanceof AppError && err.code === telling) {
          refuseOver(await Promise.all(counted.map((budget) => countRequest(app.db, budget.key, COUPON_CHECK_WINDOW_MS))), limits, 1);
        }
        throw err;
      }
    },
  };
}

const callerOf = (request: FastifyRequest): CouponCaller => ({ id: request.seller.id, role: request.seller.role });

/** Issue 29: the seller's and operator's coupon calls, and the shopper's check of a code against a cart. */
export async function couponRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const create = routeSchema(
    {
      tags,
      summary: `Create a coupon (the operator: a platform coupon; a seller: its shop's, at most ${SHOP_COUPONS_MAX} that have not ended)`,
      errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_CODE_TAKEN', 'INVALID_COUPON', 'TOO_MANY_COUPON_CHECKS', 'TOO_MANY_COUPONS'],
    },
    { body: CouponInputSchema, response: { 200: CouponSavedAnswerSchema } },
  );
  // A code taken is a code another shop has: a seller trying codes one after another to learn them (then to use
  // them as a shopper) spends the same budget a shopper's guesses do, counted per shop.
  const codesTried = couponGuessBudget(app, (request) => [{ key: `coupon-codes seller:${request.seller.id}`, limit: COUPON_CHECK_LIMIT }], 'COUPON_CODE_TAKEN');
  routes.post('/seller/coupons', { onRequest: app.requireSellerWrite, schema: create }, async (request) => {
    const coupon = await codesTried.run(request, request.body.code, () => app.coupons.create(callerOf(request), request.body));
    return { success: true as const, message: `Coupon ${coupon.code} created`, coupon };
  });

  const list = routeSchema(
    { tags, summary: "The caller's coupons, newest first, with their uses and the discount given; the operator's moderation: a shop's, or any by its code", errors: SELLER_CALL },
    { querystring: CouponListQuerySchema, response: { 200: CouponListAnswerSchema } },
  );
  routes.get('/seller/coupons', { onRequest: app.requireSeller, schema: list }, async (request) => ({
    success: true as const,
    ...(await app.coupons.list(callerOf(request), request.query)),
  }));

  const edit = routeSchema(
    {
      tags,
      summary: "Change one of your coupons' limits and dates: each sent is set, each null removed, each left out kept; its code and offer stay",
      errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_NOT_FOUND', 'INVALID_COUPON', 'FORBIDDEN', 'TOO_MANY_COUPONS'],
    },
    { body: CouponEditInputSchema, response: { 200: CouponSavedAnswerSchema } },
  );
  routes.post('/seller/coupons/edit', { onRequest: app.requireSellerWrite, schema: edit }, async (request) => {
    const coupon = await app.coupons.edit(callerOf(request), request.body);
    return { success: true as const, message: `Coupon ${coupon.code} saved`, coupon };
  });

  const status = routeSchema(
    { tags, summary: "Pause or resume one of your coupons (the operator: any shop's; a shop's coupon it pauses only it resumes)", errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_NOT_FOUND', 'PAUSED_BY_OPERATOR'] },
    { body: CouponStatusInputSchema, response: { 200: CouponSavedAnswerSchema } },
  );
  routes.post('/seller/coupons/status', { onRequest: app.requireSellerWrite, schema: status }, async (request) => {
    const coupon = await app.coupons.setActive(callerOf(request), request.body.id, request.body.active);
    return { success: true as const, message: coupon.active ? `Coupon ${coupon.code} is active` : `Coupon ${coupon.code} is paused`, coupon };
  });

  const remove = routeSchema(
    {
      tags,
      summary: "Delete one of your coupons that no checkout used, freeing its code (the operator: any shop's too, as moderation); a used one stays with its orders",
      errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_NOT_FOUND', 'COUPON_USED'],
    },
    { body: CouponDeleteInputSchema, response: { 200: MessageAnswerSchema } },
  );
  routes.post('/seller/coupons/delete', { onRequest: app.requireSellerWrite, schema: remove }, async (request) => {
    const code = await app.coupons.remove(callerOf(request), request.body.id);
    return { success: true as const, message: `Coupon ${code} deleted: its code is free` };
  });

  // Counted in the shared rate-limit table (every instance, docs/decisions/0062, 0160): per shopper and per
  // address, so neither many accounts behind one address nor one account from many addresses guesses freely.
  const budget = couponGuessBudget(app);
  const check = routeSchema(
    { tags, summary: 'Check a coupon code against a cart: the discount per line and shop, or the reason it cannot be used', errors: [...USER_CALL, ...WRITE_CALL, ...REFUSALS, 'DUPLICATE_ITEM', 'TOO_MANY_COUPON_CHECKS'] },
    { body: CouponCheckInputSchema, response: { 200: CouponCheckAnswerSchema } },
  );
  routes.post(
    '/coupon/check',
    { onRequest: app.requireUser, schema: check },
    (request) => budget.run(request, request.body.code, () => app.coupons.check(request.userId, request.body)),
  );
}
