import { AppError, conflict, notFound } from '../../lib/app-error.js';

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
export const refundFailed = () =>
  new AppError('REFUND_FAILED', 502, 'The payment could not be refunded, so the order was not cancelled. Please try again.');
export const checkoutCloseFailed = () =>
  new AppError('CHECKOUT_CLOSE_FAILED', 502, 'The payment page of this order could not be closed, so the order was not cancelled. Please try again.');
export const invalidStatusChange = (from: string, to: string, why: string) =>
  conflict('INVALID_STATUS_CHANGE', `Cannot change the order from ${from} to ${to}: ${why}`);
