import type { Config } from '../../config/env.js';
import type { PaymentEvent, PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';
import { createTestGateway } from './test-gateway.js';

export interface Payments {
  gateway: PaymentGateway;
  /** Verifies and reads a Stripe webhook; undefined when Stripe is not configured. */
  parseStripeWebhook: ((rawBody: Buffer, signature: string | undefined) => PaymentEvent | undefined) | undefined;
}

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the store's test payment page, which a
 * production shop only opens with ALLOW_TEST_PAYMENTS=true: its test card marks orders paid without
 * taking money (docs/decisions/0046).
 */
export function createPayments(config: Pick<Config, 'stripe' | 'currency' | 'publicUrl' | 'isProduction' | 'allowTestPayments'>): Payments {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  if (!secretKey) {
    const takesPayments = !config.isProduction || config.allowTestPayments;
    return { gateway: createTestGateway({ takesPayments }), parseStripeWebhook: undefined };
  }
  const stripe = createStripeGateway({ secretKey, webhookSecret, apiUrl, currency: config.currency });
  return { gateway: stripe, parseStripeWebhook: webhookSecret ? stripe.parseWebhook : undefined };
}
