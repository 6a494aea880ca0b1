import { FIRST_SHOP } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';
import { CONFIRMATION_LINK_HOURS } from './seller-email.js';

export const tooManySellerLoginAttempts = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many seller login attempts. Please try again in ${after}.`);

export const tooManySellerApplications = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many seller applications from this address. Please try again in ${after}.`);

export const tooManyConfirmationMails = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many confirmation e-mails asked for from this address. Please try again in ${after}.`);

const SELLER_EMAIL_TAKEN = 'A seller account with this email already exists';
/** Said under the form's Email field too (it was a toast alone, which stayed over the next page: a probe). */
export const sellerEmailTaken = () => new AppError('EMAIL_TAKEN', SELLER_EMAIL_TAKEN, [{ path: 'body.email', message: SELLER_EMAIL_TAKEN }]);

/**
 * Another shop's name, the operator's included, in any letter case: shoppers would take one shop for the other. Said of
 * an application (pending or declined) as such: it never sold (a probe was told it "already sells").
 */
export const shopNameTaken = (name: string, holder: { sold: boolean }) => {
  const message = holder.sold ? `A shop named "${name}" already sells on GreenCart: choose another name` : `A shop named "${name}" has already applied to GreenCart: choose another name`;
  return new AppError('SHOP_NAME_TAKEN', `shopName: ${message}`, [{ path: 'body.shopName', message }]);
};

/** A shop's name that reads as the marketplace's own shop's ("Green Cart", "Gréencart", "GreenCart Official": a probe). */
export const shopNamePassesForOperator = (name: string) => {
  const message = `"${name}" reads as ${FIRST_SHOP.shopName}, the marketplace's own shop: choose another name`;
  return new AppError('SHOP_NAME_TAKEN', `shopName: ${message}`, [{ path: 'body.shopName', message }]);
};

export const invalidConfirmationLink = () =>
  new AppError('INVALID_CONFIRMATION_LINK', 'This confirmation link is not valid. Sign in to your seller area to see where your application stands.');

export const expiredConfirmationLink = () =>
  new AppError(
    'CONFIRMATION_LINK_EXPIRED',
    `This confirmation link has expired (links work for ${CONFIRMATION_LINK_HOURS / 24} days): ask for a new one with the e-mail you applied with.`,
  );

export const sellerNotFound = () => new AppError('SELLER_NOT_FOUND', 'No such shop');

export const shopNotFound = () => new AppError('SHOP_NOT_FOUND', 'No such shop: it is not open on GreenCart, or the link is mistyped');

export const operatorStatusFixed = () => new AppError('INVALID_SELLER_STATUS_CHANGE', "The operator's own shop is always open");

export const unconfirmedApplication = () =>
  new AppError('INVALID_SELLER_STATUS_CHANGE', 'This shop has not confirmed its e-mail address yet, so it cannot be approved');

/**
 * Suspending a shop, or declining an application, without a reason (or with only spaces): the seller is e-mailed why
 * (decision 0229), and told in the words of what is done (an application is declined, not suspended: 0252). Asked here,
 * where the shop's standing is known; said under the form's field, as a validation failure.
 */
export const reasonRequired = (declining: boolean) => {
  const message = declining
    ? 'Say why the application is declined: the applicant is e-mailed the reason'
    : 'Say why the shop is suspended: the seller is e-mailed the reason';
  return new AppError('VALIDATION_FAILED', `reason: ${message}`, [{ path: 'body.reason', message }]);
};
