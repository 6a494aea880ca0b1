import {
  CouponCheckAnswerSchema,
  CouponCheckInputSchema,
  CouponInputSchema,
  CouponListAnswerSchema,
  CouponListQuerySchema,
  CouponSavedAnswerSchema,
  CouponStatusInputSchema,
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

/** Codes tried per shopper and per client address in 15 minutes (issue 29: guessing codes is limited). */
export const COUPON_CHECK_LIMIT = 30;
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
  keys: (request: FastifyRequest) => string[] = (request) => [`coupon-checks user:${request.userId}`, perAddress('coupon-checks')(request)],
  /** The answer that tells the caller something about codes it does not own: the one that counts. */
  telling: ErrorCode = 'COUPON_UNKNOWN',
) {
  const refuseOver = (counts: { current: number; ttl: number }[], limit: number) => {
    const over = counts.find((count) => count.current > limit);
    if (over) throw tooManyCouponChecks(over.ttl);
  };
  return {
    /** Runs a call naming a coupon within the budget: 429 before it when the budget is spent; an unknown code counts. */
    async run<T>(request: FastifyRequest, coupon: string | undefined, call: () => Promise<T>): Promise<T> {
      if (!coupon) return call();
      refuseOver(await currentCounts(app.db, keys(request)), COUPON_CHECK_LIMIT - 1);
      try {
        return await call();
      } catch (err) {
        if (err instanceof AppError && err.code === telling) {
          refuseOver(await Promise.all(keys(request).map((key) => countRequest(app.db, key, COUPON_CHECK_WINDOW_MS))), COUPON_CHECK_LIMIT);
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
    { tags, summary: "Create a coupon (the operator: a platform coupon; a seller: its shop's)", errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_CODE_TAKEN', 'INVALID_COUPON', 'TOO_MANY_COUPON_CHECKS'] },
    { body: CouponInputSchema, response: { 200: CouponSavedAnswerSchema } },
  );
  // A code taken is a code another shop has: a seller trying codes one after another to learn them (then to use
  // them as a shopper) spends the same budget a shopper's guesses do, counted per shop.
  const codesTried = couponGuessBudget(app, (request) => [`coupon-codes seller:${request.seller.id}`], 'COUPON_CODE_TAKEN');
  routes.post('/seller/coupons', { onRequest: app.requireSellerWrite, schema: create }, async (request) => {
    const coupon = await codesTried.run(request, request.body.code, () => app.coupons.create(callerOf(request), request.body));
    return { success: true as const, message: `Coupon ${coupon.code} created`, coupon };
  });

  const list = routeSchema(
    { tags, summary: "The caller's coupons, newest first, with their uses and the discount given", errors: SELLER_CALL },
    { querystring: CouponListQuerySchema, response: { 200: CouponListAnswerSchema } },
  );
  routes.get('/seller/coupons', { onRequest: app.requireSeller, schema: list }, async (request) => ({
    success: true as const,
    ...(await app.coupons.list(callerOf(request), request.query)),
  }));

  const status = routeSchema(
    { tags, summary: 'Pause or resume one of your coupons', errors: [...SELLER_WRITE, ...WRITE_CALL, 'COUPON_NOT_FOUND'] },
    { body: CouponStatusInputSchema, response: { 200: CouponSavedAnswerSchema } },
  );
  routes.post('/seller/coupons/status', { onRequest: app.requireSellerWrite, schema: status }, async (request) => {
    const coupon = await app.coupons.setActive(callerOf(request), request.body.id, request.body.active);
    return { success: true as const, message: coupon.active ? `Coupon ${coupon.code} is active` : `Coupon ${coupon.code} is paused`, coupon };
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
