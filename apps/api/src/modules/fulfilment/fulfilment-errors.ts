import { AppError } from '../../lib/app-error.js';

export const orderNotFound = () => new AppError('ORDER_NOT_FOUND', 'Order not found');
export const refundFailed = () =>
  new AppError('REFUND_FAILED', 'The payment could not be refunded, so the order was not cancelled. Please try again.');
export const checkoutCloseFailed = () =>
  new AppError('CHECKOUT_CLOSE_FAILED', 'The payment page of this order could not be closed, so the order was not cancelled. Please try again.');
export const invalidStatusChange = (from: string, to: string, why: string) =>
  new AppError('INVALID_STATUS_CHANGE', `Cannot change the order from ${from} to ${to}: ${why}`);
