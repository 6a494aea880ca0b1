import { couponRefusalMessage, formatPrice, SHOP_COUPONS_MAX, type CouponRefusal } from '@greencart/shared';
import type { Config } from '../../config/env.js';
import { AppError } from '../../lib/app-error.js';

export const couponCodeTaken = (code: string) => new AppError('COUPON_CODE_TAKEN', `code: a coupon ${code.toUpperCase()} already exists`);
/** A shop's code naming the marketplace: a shopper reads it as the whole store's (a probe's new shop took GREENCART10). */
export const couponCodeNamesMarketplace = (code: string) =>
  new AppError('INVALID_COUPON', `code: ${code.toUpperCase()} names GreenCart, the marketplace: only its operator makes such codes`, [
    { path: 'body.code', message: 'A code naming GreenCart is the marketplace\'s own: choose another' },
  ]);
/** The operator may act on any shop's coupon: "of your shop" told it the wrong place to look (a probe). */
export const couponUsed = () =>
  new AppError('COUPON_USED', 'This coupon was used by a checkout: it stays with its orders, and its code with it. Pause it instead');
export const tooManyCoupons = () =>
  new AppError('TOO_MANY_COUPONS', `A shop holds at most ${SHOP_COUPONS_MAX} coupons that have not ended: delete one no one used, or end one, first`);
export const couponNotFound = (operator: boolean) => new AppError('COUPON_NOT_FOUND', operator ? 'No such coupon' : 'No such coupon of your shop');
export const productsNotOwn = (platform: boolean) =>
  new AppError('INVALID_COUPON', platform ? 'productIds: no product has one of these ids' : "productIds: a shop's coupon can name only the shop's own products");
/** A coupon whose end has passed could never be used: refused at creation rather than kept as a dead code. */
export const couponEndPassed = () => new AppError('INVALID_COUPON', 'endsAt: the end has already passed', [{ path: 'body.endsAt', message: 'The end has already passed' }]);
/** Editing one date of a coupon (0281): the other, kept, must still be on its side of it. */
export const endNotAfterStart = () =>
  new AppError('INVALID_COUPON', 'endsAt: the end must be after the start', [{ path: 'body.endsAt', message: 'The end must be after the start' }]);
/** Editing a coupon (0281): an amount's value is its cap already, as when it is created. */
export const amountTakesNoCap = () =>
  new AppError('INVALID_COUPON', 'maxDiscount: an amount coupon takes no cap: its value is the most it takes off', [
    { path: 'body.maxDiscount', message: 'An amount coupon takes no cap: its value is the most it takes off' },
  ]);
/** A total of uses below those taken (paid orders, and checkouts waiting for their payment) could not be kept. */
export const totalBelowUses = (usesTaken: number) => {
  const taken = `${usesTaken.toLocaleString('en-IN')} ${usesTaken === 1 ? 'use is' : 'uses are'} taken already`;
  return new AppError('INVALID_COUPON', `totalUses: ${taken}: the total can be no fewer`, [{ path: 'body.totalUses', message: `${taken}: at least ${usesTaken.toLocaleString('en-IN')}` }]);
};
/** The operator's hand on a shop's coupon is a pause (moderation): what the shop offers and pays is the shop's to change. */
export const shopsOwnCoupon = () => new AppError('FORBIDDEN', "Only the shop changes its coupon's limits and dates: GreenCart may pause it");
export const tooManyCouponChecks = (retryAfterMs: number) =>
  new AppError('TOO_MANY_COUPON_CHECKS', `Too many coupon codes tried. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minute(s).`, undefined, retryAfterMs);
/** A coupon refused for a cart (issue 29): its reason's code and a message that says what to do, times in the store's zone. */
export const couponRefused = (refusal: CouponRefusal, code: string, config: Pick<Config, 'currency' | 'storeTimeZone'>) => {
  // "1 January 2099 at 00:00"
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: config.storeTimeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const { code: errorCode, message } = couponRefusalMessage(refusal, code.toUpperCase(), (minor) => formatPrice(minor, config.currency), (instant) => when.format(instant));
  return new AppError(errorCode, message);
};
/** The shop's resume of its coupon the operator paused (moderation): only the operator resumes it. */
export const pausedByOperator = () => new AppError('PAUSED_BY_OPERATOR', 'GreenCart paused this coupon: only GreenCart can resume it (ask GreenCart why)');
