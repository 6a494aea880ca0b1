import type { Config } from '../../config/env.js';
import type { PaymentEvent, PaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';
import { createTestGateway } from './test-gateway.js';

export interface Payments {
  gateway: PaymentGateway;
  /** Verifies and reads a Stripe webhook; undefined when Stripe is not configured. */
  parseStripeWebhook: ((rawBody: Buffer, signature: string | undefined) => PaymentEvent | undefined) | undefined;
}

/** Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the store's test payment page. */
export function createPayments(config: Pick<Config, 'stripe' | 'currency' | 'publicUrl'>): Payments {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  if (!secretKey) return { gateway: createTestGateway(config.publicUrl), parseStripeWebhook: undefined };
  const stripe = createStripeGateway({ secretKey, webhookSecret, apiUrl, currency: config.currency });
  return { gateway: stripe, parseStripeWebhook: webhookSecret ? stripe.parseWebhook : undefined };
}
