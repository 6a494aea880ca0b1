import type { SellerAccount, SellerRegisterInput } from '@greencart/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Mailer, MailMessage } from '../modules/mail/mailer.js';
import { body, mailsSent, sellerCookie, TEST_PASSWORD } from './test-app.js';

/**
 * Shops made through the API as a real one is (issue 26): it applies, opens the link mailed to it, and the
 * operator approves it. The suites that need shops in a given state go through the same calls.
 */

/** A mailer that keeps every message it is given (the shop's confirmation link is read from it). */
export function keptMail(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

let sequence = 0;

/** A valid application, unique e-mail; any field can be changed. */
export function shopApplication(overrides: Partial<SellerRegisterInput> = {}): SellerRegisterInput {
  const n = `${Date.now().toString(36)}${(sequence++).toString(36)}`;
  return {
    shopName: `Fresh Corner ${n}`,
    name: 'Asha Rao',
    email: `shop-${n}@example.com`,
    password: TEST_PASSWORD,
    phone: '+91 98200 12345',
    pickupAddress: '12 Mandi Road, Nashik 422001',
    ...overrides,
  };
}

/** The seller session's Cookie header an answer set, if any. */
export function sellerSessionOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'gc_seller_session');
  return cookie?.value ? `gc_seller_session=${cookie.value}` : undefined;
}

export const applyAsShop = (app: FastifyInstance, application: SellerRegisterInput, client = '203.0.113.9') =>
  app.inject({ method: 'POST', url: '/api/seller/register', payload: application, headers: { 'x-forwarded-for': client } });

/** The confirmation link's token in the last mail sent to `email` (after the outbox was flushed). */
export async function confirmationToken(app: FastifyInstance, mail: { sent: MailMessage[] }, email: string): Promise<string> {
  await mailsSent(app);
  const message = mail.sent.findLast((m) => m.to === email && m.subject.includes('confirm your e-mail'));
  const token = message && /\/api\/seller\/confirm\?token=(\S+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

export const setShopStatus = async (app: FastifyInstance, payload: { sellerId: string; status: 'approved' | 'suspended'; reason?: string }) =>
  app.inject({ method: 'POST', url: '/api/seller/sellers/status', payload, headers: { cookie: await sellerCookie(app) } });

/** A shop in the state asked for ('approved' by default), made through the API, with its seller's session. */
export async function shopThroughApi(
  app: FastifyInstance,
  mail: { sent: MailMessage[] },
  options: { status?: 'pending' | 'approved' | 'suspended'; application?: Partial<SellerRegisterInput> } = {},
): Promise<SellerAccount & { cookie: string; email: string }> {
  const application = shopApplication(options.application);
  const res = await applyAsShop(app, application);
  if (res.statusCode !== 200) throw new Error(`applying failed: ${res.body}`);
  const account = body<{ seller: SellerAccount }>(res).seller;
  const cookie = sellerSessionOf(res)!;
  const status = options.status ?? 'approved';
  if (status !== 'pending') {
    await app.inject({ method: 'GET', url: `/api/seller/confirm?token=${await confirmationToken(app, mail, application.email)}` });
    await setShopStatus(app, { sellerId: account.id, status: 'approved' });
    if (status === 'suspended') await setShopStatus(app, { sellerId: account.id, status: 'suspended', reason: 'Test suspension' });
  }
  return { ...account, status, cookie, email: application.email };
}
