import { formatSlot } from '@greencart/shared';
import { AppError } from '../../lib/app-error.js';

/** Issue 28: checkout's delivery refusals; each names the shop, and the amount or window, in the shopper's words. */
/** Every shop of the cart that does not deliver there, named at once (as the minimums are). */
export const shopDoesNotDeliver = (shopNames: string[], pincode: string) =>
  new AppError(
    'SHOP_DOES_NOT_DELIVER',
    shopNames.length === 1
      ? `${shopNames[0]} does not deliver to ${pincode}. Remove its items or choose another address.`
      : `${shopNames.slice(0, -1).join(', ')} and ${shopNames.at(-1)} do not deliver to ${pincode}. Remove their items or choose another address.`,
  );
/** Every shop of the checkout under its minimum, each in a sentence: the shopper tops them all up at once. */
export const belowMinimumOrder = (shorts: { shopName: string; missing: string; minimum: string }[]) =>
  new AppError('BELOW_MINIMUM_ORDER', shorts.map((s) => `${s.shopName} delivers orders of ${s.minimum} or more: add ${s.missing} more from ${s.shopName}.`).join(' '));
export const deliverySlotRequired = (shopName: string) => new AppError('DELIVERY_SLOT_REQUIRED', `deliverySlots: choose a delivery slot for ${shopName}`);
export const deliverySlotInvalid = (what: string) => new AppError('DELIVERY_SLOT_INVALID', `deliverySlots: ${what}`);
export const deliverySlotNotOffered = (shopName: string) =>
  new AppError('DELIVERY_SLOT_NOT_OFFERED', `The delivery slot chosen for ${shopName} is no longer offered. Please choose another.`);
export const deliverySlotFull = (slots: { shopName: string; start: string; end: string }[], timeZone: string) =>
  new AppError(
    'DELIVERY_SLOT_FULL',
    `The delivery slot ${slots.map((s) => `${formatSlot(s, timeZone)} of ${s.shopName}`).join(' and ')} is full. Please choose another.`,
  );
