import { notFound } from '../../lib/app-error.js';

export const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');
