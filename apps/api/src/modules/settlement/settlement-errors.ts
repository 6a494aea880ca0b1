import { shopsOwn } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';

export const sellerNotFound = () => new AppError('SELLER_NOT_FOUND', 'No such shop');
export const ownShopNoCommission = () => new AppError('OWN_SHOP_NO_COMMISSION', "The marketplace's own shop pays no commission");
export const ownShopNoPayout = () => new AppError('OWN_SHOP_NO_PAYOUT', "The marketplace's own shop is not paid out: its sales are the marketplace's own money");
/** `format` writes money as the shop shows it (`Rs 158.52`); a shop in debt is said to owe, not to have "Rs -481.90" (a probe). */
export const payoutExceedsBalance = (balanceMinor: number, format: (minor: number) => string) =>
  new AppError(
    'PAYOUT_EXCEEDS_BALANCE',
    balanceMinor < 0
      ? `Nothing can be paid out: the shop owes GreenCart ${format(-balanceMinor)}`
      : `A payout cannot be more than the shop's balance (${format(balanceMinor)})`,
  );
/** A payment from a shop is recorded up to what it owes (decision 0276); `format` as above. */
export const paymentExceedsDebt = (balanceMinor: number, format: (minor: number) => string) =>
  new AppError(
    'PAYMENT_EXCEEDS_DEBT',
    balanceMinor < 0 ? `A payment from the shop cannot be more than it owes GreenCart (${format(-balanceMinor)})` : 'The shop owes GreenCart nothing: no payment from it to record',
  );
export const payoutKeyReused = (otherWay?: 'payout' | 'payment') =>
  new AppError(
    'PAYOUT_KEY_REUSED',
    otherWay
      ? `This key was already used for a ${otherWay === 'payout' ? 'payout to the shop, not a payment from it' : 'payment from the shop, not a payout to it'}: send a new key`
      : 'This payout key was already used for another shop or amount: send a new key',
  );
/**
 * Transfers Stripe made to the shop under other payout keys, which no payout had recorded (their answers lost): recorded
 * now, and the payout asked for is not made, so that the operator decides with the balance they left (decision 0044).
 */
export const payoutFoundAtStripe = (amountsMinor: number[], balanceMinor: number, format: (minor: number) => string) =>
  new AppError(
    'PAYOUT_FOUND_AT_STRIPE',
    `${amountsMinor.length === 1 ? `A payout of ${format(amountsMinor[0]!)}` : `${amountsMinor.length} payouts (${amountsMinor.map(format).join(', ')})`} reached the shop's Stripe account earlier without an answer, and ${amountsMinor.length === 1 ? 'is' : 'are'} recorded now. The shop's balance is ${format(balanceMinor)}: pay again only for another payout.`,
  );
export const transferFailed = () => new AppError('TRANSFER_FAILED', 'The payment provider did not make the transfer, so no payout was recorded. Please try again.');
export const orderNotRefundable = (why: string) => new AppError('ORDER_NOT_REFUNDABLE', `This order cannot be refunded: ${why}`);
export const payoutsManual = () =>
  new AppError('PAYOUTS_MANUAL', 'Payouts on this marketplace are recorded by hand: there is no Stripe account to connect.');
export const connectFailed = () => new AppError('CONNECT_FAILED', 'Stripe did not answer about your payout account. Please try again.');
export const payoutAccountConnectedByShop = (accountId: string) =>
  new AppError(
    'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP',
    `The shop connected its own Stripe account (${accountId}): disconnect it first (set no account), then set another`,
  );
export const payoutAccountTaken = (shopName: string) =>
  new AppError('PAYOUT_ACCOUNT_TAKEN', `This Stripe account already receives ${shopsOwn(shopName)} payouts: each shop needs its own`);
