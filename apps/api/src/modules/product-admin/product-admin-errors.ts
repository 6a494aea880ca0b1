import { badRequest } from '../../lib/app-error.js';

export { productNotFound } from '../products/product-errors.js';
export const invalidProductData = (message: string) => badRequest('INVALID_PRODUCT', message);
export const notMultipart = () => badRequest('INVALID_PRODUCT', 'Send the product as multipart/form-data with a productData field and images');
export const malformedForm = () => badRequest('INVALID_PRODUCT', 'The form data is malformed or incomplete: send the product again');
