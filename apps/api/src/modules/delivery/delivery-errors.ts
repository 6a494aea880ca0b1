import { formatPrice, formatSlot, toMajor } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';

/** Issue 28: checkout's delivery refusals; each names the shop, and the amount or window, in the shopper's words. */
/**
 * Every shop of the cart that does not deliver there, named at once (as the minimums are). `where`: the pincode, or
 * "addresses outside India" (a Nepali address's 411001 was named as if the shop did not serve Pune's: a probe).
 */
export const shopDoesNotDeliver = (shopNames: string[], where: string) =>
  new AppError(
    'SHOP_DOES_NOT_DELIVER',
    shopNames.length === 1
      ? `${shopNames[0]} does not deliver to ${where}. Remove its items or choose another address.`
      : `${shopNames.slice(0, -1).join(', ')} and ${shopNames.at(-1)} do not deliver to ${where}. Remove their items or choose another address.`,
  );
/**
 * Every shop of the checkout under its minimum, each in a sentence: the shopper tops them all up at once. A program
 * reads the amounts in `shortOfMinimum` (rupees), not in the sentences.
 */
export const belowMinimumOrder = (shorts: { seller: string; shopName: string; missingMinor: number; minimumMinor: number }[], currency: string) =>
  new AppError(
    'BELOW_MINIMUM_ORDER',
    shorts.map((s) => `${s.shopName} delivers orders of ${formatPrice(s.minimumMinor, currency)} or more: add ${formatPrice(s.missingMinor, currency)} more from ${s.shopName}.`).join(' '),
    undefined,
    undefined,
    { shortOfMinimum: shorts.map((s) => ({ seller: s.seller, shopName: s.shopName, minimum: toMajor(s.minimumMinor), missing: toMajor(s.missingMinor) })) },
  );
/** In the cart's words (the cart asks the same): the shop's windows appeared after the cart was loaded. */
export const deliverySlotRequired = (shopName: string) => new AppError('DELIVERY_SLOT_REQUIRED', `Choose a delivery slot for ${shopName}`);
/**
 * A window sent for a shop that does not deliver in windows (it stopped, or never did: a probe was told "no longer"
 * of a shop that never had any): the cart, loaded again, sends none.
 */
export const deliverySlotNotTaken = (shopName: string) =>
  new AppError('DELIVERY_SLOT_INVALID', `${shopName} does not deliver in slots now. Please place the order again.`);
/** A call naming a shop that is not in the order: only a caller other than the cart sends it, so it names the field. */
export const deliverySlotInvalid = (what: string) => new AppError('DELIVERY_SLOT_INVALID', `deliverySlots: ${what}`);
/** A window the shop does not offer now: past its cut-off, removed, or never one of the shop's (a caller's own time). */
export const deliverySlotNotOffered = (shopName: string) =>
  new AppError('DELIVERY_SLOT_NOT_OFFERED', `The delivery slot chosen for ${shopName} is not one it offers now. Please choose another.`);
export const deliverySlotFull = (slots: { shopName: string; start: string; end: string }[], timeZone: string) =>
  new AppError(
    'DELIVERY_SLOT_FULL',
    `The delivery slot ${slots.map((s) => `${formatSlot(s, timeZone)} of ${s.shopName}`).join(' and ')} is full. Please choose another.`,
  );
