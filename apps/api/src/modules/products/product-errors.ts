import { AppError } from '../../lib/app-error.js';

export const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found');
