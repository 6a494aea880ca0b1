import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PaymentGateway } from './payment-gateway.js';

export const TEST_SESSION_PREFIX = 'test_cs_';
export const TEST_PAYMENT_PATH = '/pay/test';

/** Test cards of the built-in page (the same numbers Stripe's test mode uses). */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * Without STRIPE_SECRET_KEY: checkout sessions are ids on the order row and the page is the store's
 * own (payment-routes.ts), marked 'Test mode — no real charge'. No money moves. The page's address is a
 * path, opened on the host the shopper is on (`checkoutReturnUrls`).
 */
export function createTestGateway(options: { takesPayments: boolean }): PaymentGateway {
  const pageUrl = (sessionId: string) => `${TEST_PAYMENT_PATH}/${sessionId}`;
  return {
    name: 'test',
    takesPayments: options.takesPayments,
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
    // A test session is payable while its order is 'Order Placed': once the order is cancelled the
    // page refuses the card, and a payment racing the cancel is refunded like any late payment.
    async closeCheckout() {
      return 'closed';
    },
    // No money moved, so there is none to give back: the order records the refund.
    async refund() {},
  };
}

/**
 * The card form as posted. Strings only, each bounded well above a real value (19 digits with
 * spaces, MM/YYYY, 4 digits); a missing field is the card rules' business, any other shape is a 400.
 */
export const TestCardFormSchema = z.object({
  number: z.string().max(40).optional(),
  expiry: z.string().max(20).optional(),
  cvc: z.string().max(10).optional(),
});
export type TestCardForm = z.infer<typeof TestCardFormSchema>;

export type CardCheck = { ok: true } | { ok: false; message: string };

/** The test page's card rules: 4242… pays, 4000…0002 is declined, any future expiry, any CVC. */
export function checkTestCard(input: TestCardForm, now = new Date()): CardCheck {
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
