import { AppError } from '../../lib/app-error.js';

export { productNotFound } from '../products/product-errors.js';
export const invalidProductData = (message: string) => new AppError('INVALID_PRODUCT', message);
export const notMultipart = () => new AppError('INVALID_PRODUCT', 'Send the product as multipart/form-data with a productData field and images');
export const malformedForm = () => new AppError('INVALID_PRODUCT', 'The form data is malformed or incomplete: send the product again');
export const noUnitsLeft = (name: string) =>
  new AppError('NO_UNITS_LEFT', `${name} has no units left: set a stock count above 0 to put it back in stock`);
export const moderationReasonRequired = () =>
  new AppError('MODERATION_REASON_REQUIRED', "Say why you remove another shop's product: the shop is told by e-mail");
export const removedByOperator = () =>
  new AppError('REMOVED_BY_OPERATOR', 'The operator removed this product from the shop: only the operator can restore it (the e-mail said why)');
/** A new product named as one the operator removed from the shop (0231): the shop does not put it on sale again. */
export const nameRemovedByOperator = () =>
  new AppError('REMOVED_BY_OPERATOR', 'name: The operator removed a product of this name from the shop (see Deleted products; the e-mail said why): only the operator can restore it');
