import { AppError } from '../../lib/app-error.js';
import type { CancelledBy, OrderStatus } from '@greencart/shared';

export const orderNotFound = () => new AppError('ORDER_NOT_FOUND', 'Order not found');
export const refundFailed = () =>
  new AppError('REFUND_FAILED', 'The payment could not be refunded, so the order was not cancelled. Please try again.');
export const checkoutCloseFailed = () =>
  new AppError('CHECKOUT_CLOSE_FAILED', 'The payment page of this order could not be closed, so the order was not cancelled. Please try again.');
export const invalidStatusChange = (from: string, to: string, why: string) =>
  new AppError('INVALID_STATUS_CHANGE', `Cannot change the order from ${from} to ${to}: ${why}`);
/**
 * The operator's "Delivered" of an approved shop's cash order would say the shop's rider collected the cash, which
 * enters the shop's ledger as cash it keeps and owes commission on (decisions 0276, 0277): the shop's word alone.
 */
export const cashDeliveryByShop = () =>
  new AppError(
    'CASH_DELIVERY_BY_SHOP',
    "Only the shop can mark its cash-on-delivery order Delivered: it says the shop's rider collected the cash. Ask the shop to mark it once its rider has the cash.",
  );

/** Why a shopper can no longer cancel (issue 28): the order's state in the shopper's words. */
export const orderNotCancellable = (status: OrderStatus, cancelledBy: CancelledBy | null) => {
  const why: Record<OrderStatus, string> = {
    'Order Placed': 'it can be cancelled',
    Processed: 'it can be cancelled',
    Packed: 'it is already packed',
    Dispatched: 'it is already on its way',
    Delivered: 'it is already delivered',
    Cancelled: cancelledBy === 'seller' ? 'the shop already cancelled it' : cancelledBy === 'operator' ? 'GreenCart already cancelled it' : 'it is already cancelled',
  };
  return new AppError('ORDER_NOT_CANCELLABLE', `This order can no longer be cancelled: ${why[status]}.`);
};
// Substitutions and picks (issue 28)
export const pickNotAllowed = (why: string) => new AppError('PICK_NOT_ALLOWED', `Picks cannot be recorded: ${why}`);
export const picksAlreadyRecorded = () => new AppError('PICKS_ALREADY_RECORDED', "This order's picks are already recorded; they cannot be changed.");
export const invalidPick = (why: string) => new AppError('INVALID_PICK', `lines: ${why}`);
export const substituteNotAllowed = (name: string) => new AppError('SUBSTITUTE_NOT_ALLOWED', `The shopper asked not to replace ${name}: record fewer units (or none) instead.`);
export const substituteUnavailable = (why: string) => new AppError('SUBSTITUTE_UNAVAILABLE', `This substitute cannot be used: ${why}.`);
export const pickRefundFailed = () => new AppError('REFUND_FAILED', 'The difference could not be refunded to the card, so the picks were not recorded. Please try again.');

/** A coupon's minimum kept by the rest of a checkout (docs/decisions/0263): said with the amounts, and the way on. */
export const couponMinimumOnCancel = (code: string, remaining: string, minimum: string, wholeCheckout: boolean) =>
  new AppError(
    'COUPON_MINIMUM_ON_CANCEL',
    wholeCheckout
      ? `The orders of this checkout already packed hold ${remaining}, under the ${minimum} that coupon ${code} needs: they cannot be kept alone, so nothing was cancelled.`
      : `Your other orders of this checkout hold ${remaining}, under the ${minimum} that coupon ${code} needs: keep this order, or cancel the whole checkout.`,
  );
