import { AppError } from '../../lib/app-error.js';

export const addressNotFound = () => new AppError('ADDRESS_NOT_FOUND', 'Delivery address not found: please select one of your saved addresses');
export const unknownProducts = (ids: string[]) => new AppError('UNKNOWN_PRODUCT', `items: no such product: ${ids.join(', ')}`);
/** Lines that cannot be sold: out of stock, or no longer sold (retired, or the shop suspended); both OUT_OF_STOCK. */
export const outOfStock = (soldOut: string[], gone: string[]) =>
  new AppError(
    'OUT_OF_STOCK',
    [soldOut.length > 0 && `Out of stock: ${soldOut.join(', ')}.`, gone.length > 0 && `No longer sold: ${gone.join(', ')}.`, `Remove ${soldOut.length + gone.length === 1 ? 'it' : 'them'} from your cart to continue.`]
      .filter(Boolean)
      .join(' '),
  );
/** Fewer units left than the order asks for (counted products): names each product and how many are left. */
export const notEnoughStock = (short: { name: string; left: number }[]) =>
  new AppError('NOT_ENOUGH_STOCK', `Only ${short.map((p) => `${p.left} of ${p.name}`).join(' and ')} left. Lower the quantity in your cart to continue.`);
const duplicateLines = () => new AppError('DUPLICATE_ITEM', 'items: each product can appear only once');
/** Each product once in an order's lines (and in a coupon check's, which prices the same lines): DUPLICATE_ITEM. */
export function assertEachProductOnce(items: readonly { product: string }[]): void {
  if (new Set(items.map((item) => item.product)).size !== items.length) throw duplicateLines();
}
/** The least a card payment takes (Stripe's minimum charge in rupees is Rs 0.50). */
export const CARD_MINIMUM_MINOR = 50;
export const cardTotalTooSmall = (total: string) =>
  new AppError('CARD_TOTAL_TOO_SMALL', `This checkout costs ${total}, less than a card payment can take. Please choose Cash On Delivery.`);
/** The most a card payment takes: Stripe's charges hold at most 8 digits of minor units (Rs 9,99,999.99). */
export const CARD_MAXIMUM_MINOR = 99_999_999;
/** Cash takes less still (COD_MAXIMUM_MINOR): "choose Cash On Delivery" sent the shopper to a refusal (a probe). */
export const cardTotalTooLarge = (total: string, most: string) =>
  new AppError('CARD_TOTAL_TOO_LARGE', `This checkout costs ${total}, more than one card payment can take (${most}). Please split it into smaller orders.`);
/**
 * The most a checkout takes in cash on delivery (decision 0267): Rs 50,000. A cash order had no ceiling at all (a probe
 * placed one of Rs 41 crore), and its sale is credited to the shop on the shop's own word that it was delivered.
 */
export const COD_MAXIMUM_MINOR = 5_000_000;
/** Paying online is offered only where a card takes the total: past its ceiling too, or without it, only splitting is. */
export const codTotalTooLarge = (total: string, most: string, cardTakesIt: boolean) =>
  new AppError(
    'COD_TOTAL_TOO_LARGE',
    `This checkout costs ${total}, more than is paid in cash on delivery (${most} at most). ${cardTakesIt ? 'Please pay online, or split the order.' : 'Please split it into smaller orders.'}`,
  );
export const checkoutInProgress = () => new AppError('CHECKOUT_IN_PROGRESS', 'Your payment page is being prepared. Please try again in a moment.');
export const paymentProviderFailed = () => new AppError('PAYMENT_PROVIDER_FAILED', 'The payment provider could not be reached. Please try again.');
export const onlinePaymentUnavailable = () =>
  new AppError('ONLINE_PAYMENT_UNAVAILABLE', 'Online payment is not available in this shop at the moment. Please choose Cash On Delivery.');
export const sessionUserGone = () => new AppError('NOT_AUTHENTICATED', 'Please log in to continue');
export const pricesChanged = () => new AppError('PRICES_CHANGED', 'Prices in your cart changed while your order was being placed. Please review your cart and try again.');
/** The checkout costs another amount than the shopper was shown (`expectedTotal`, decision 0223). */
export const totalChanged = (total: string) =>
  new AppError('PRICES_CHANGED', `Prices in your cart changed: your order now comes to ${total}. Please review your cart and place the order again.`);
