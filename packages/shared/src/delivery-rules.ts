import type { DeliverySettings } from './delivery.js';
import type { DeliveryTerms } from './checkout-pricing.js';
import { toMinor } from './money.js';

/**
 * The delivery rules the browser runs too (issue 28), apart from delivery.ts and its zod schemas, so that a
 * screen using them loads no zod (issue 27, decision 0165).
 */

/** An Indian pincode: 6 digits, the first of them 1-9 (a postal region; none starts with 0). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** The settings' money in minor units, as `priceCheckout` takes it. */
export const deliveryTerms = (s: Pick<DeliverySettings, 'fee' | 'freeAbove' | 'minOrder'>): DeliveryTerms => ({
  feeMinor: toMinor(s.fee),
  freeAboveMinor: s.freeAbove === null ? null : toMinor(s.freeAbove),
  minOrderMinor: toMinor(s.minOrder),
});

/** "Thu 26 Nov, 09:00–11:00": a window as people read it, in the store's time zone. */
export function formatSlot(slot: { start: string | Date; end: string | Date }, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(slot.start));
  const time = (t: string | Date) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(t));
  return `${day}, ${time(slot.start)}–${time(slot.end)}`;
}
