import { randomUUID } from 'node:crypto';
import type { PaymentGateway } from './payment-gateway.js';

export const TEST_SESSION_PREFIX = 'test_cs_';
export const TEST_PAYMENT_PATH = '/pay/test';

/** Test cards of the built-in page (the same numbers Stripe's test mode uses). */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * Without STRIPE_SECRET_KEY: checkout sessions are ids on the order row and the page is the store's
 * own (payment-routes.ts), marked 'Test mode — no real charge'. No money moves.
 */
export function createTestGateway(publicUrl: string): PaymentGateway {
  const pageUrl = (sessionId: string) => `${publicUrl}${TEST_PAYMENT_PATH}/${sessionId}`;
  return {
    name: 'test',
    async createCheckout() {
      const id = `${TEST_SESSION_PREFIX}${randomUUID()}`;
      return { id, url: pageUrl(id) };
    },
    // The order row says whether the session is still payable; the page itself checks it.
    async openCheckoutUrl(sessionId) {
      return pageUrl(sessionId);
    },
    // The test page records each payment as it happens, so there is never one to catch up with.
    async isPaid() {
      return false;
    },
    // No money moved, so there is none to give back: the order records the refund.
    async refund() {},
  };
}

export type CardCheck = { ok: true } | { ok: false; message: string };

/** The test page's card rules: 4242… pays, 4000…0002 is declined, any future expiry, any CVC. */
export function checkTestCard(input: { number?: string; expiry?: string; cvc?: string }, now = new Date()): CardCheck {
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { ok: false, message: 'Enter the card number.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry ?? '');
  if (!expiry) return { ok: false, message: 'Enter the expiry date as MM/YY.' };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, message: 'Enter the expiry date as MM/YY.' };
  // A card is valid until the end of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now) return { ok: false, message: "Your card's expiry date is in the past." };
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) return { ok: false, message: "Enter the card's 3 or 4 digit security code (CVC)." };
  if (number === TEST_CARD_DECLINED) return { ok: false, message: 'Your card was declined. Try another card.' };
  if (number !== TEST_CARD_SUCCEEDS) return { ok: false, message: 'Test mode accepts only the test card 4242 4242 4242 4242.' };
  return { ok: true };
}
