import { conflict, notFound } from '../../lib/app-error.js';

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
export const invalidStatusChange = (from: string, to: string, why: string) =>
  conflict('INVALID_STATUS_CHANGE', `Cannot change the order from ${from} to ${to}: ${why}`);
