import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from './order-email.js';
import { plainTextEml, type MailMessage } from './mailer.js';

/**
 * What nodemailer's stream transport writes for `message`, as the file outbox called it before decision 0206
 * (its Date header, the clock's, given `date`'s time).
 */
async function nodemailerEml(from: string, message: MailMessage & { key: string }, date: Date, domain: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { key, ...rest } = message;
  const info = await transport.sendMail({ from, ...rest, messageId: `<${key}@${domain}>` });
  return (info.message as Buffer).toString('utf8').replace(/^Date: .*$/m, `Date: ${date.toUTCString().replace(/GMT/, '+0000')}`);
}

const date = new Date('2026-11-26T08:30:00.123Z');
const key = 'mail-7.order-c0ffee00-0000-4000-8000-000000000001';
const confirmation = orderConfirmationEmail(
  {
    _id: 'c0ffee00-0000-4000-8000-000000000001',
    orderNumber: 'GC-104233',
    address: { firstName: 'Asha', lastName: 'Rao', street: '1 Bench Road', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '+91 98765 43210' },
    paymentType: 'COD',
    seller: { id: 's1', shopName: 'Green Valley', slug: 'green-valley' },
    items: [{ product: { name: 'Tomato', offerPrice: 35.5 }, quantity: 3 }],
    amount: 108.63,
    deliveryFee: 0,
    discount: 0,
  } as unknown as Parameters<typeof orderConfirmationEmail>[0],
  { to: 'asha@example.com', currency: '₹', publicUrl: 'http://localhost:4000' },
);

describe('the file outbox writes what nodemailer writes (decision 0206)', () => {
  const cases: [string, string, MailMessage][] = [
    ['an order confirmation in rupees (quoted-printable)', 'GreenCart <orders@greencart.local>', confirmation],
    ['a plain ASCII status mail (7bit)', 'GreenCart <orders@greencart.local>', { to: 'a@example.com', subject: 'GreenCart order GC-104233: Packed', text: 'Hello Asha,\n\nYour order is packed.\n' }],
    ['a line longer than 76 characters (quoted-printable)', 'orders@greencart.local', { to: 'a.b+c@mail.example.com', subject: 'Your order', text: `Follow your order: ${'x'.repeat(120)} = done` }],
    ['a mostly non-Latin text and subject (base64)', 'GreenCart Shop <orders@greencart.local>', { to: 'a@example.com', subject: 'आपका ऑर्डर तैयार है', text: 'नमस्ते आशा, आपका ऑर्डर पैक हो गया है।' }],
    ['a subject long enough to be folded, with a rupee sign', 'GreenCart <orders@greencart.local>', { to: 'a@example.com', subject: `GreenCart: your 3 orders of ₹1,234.50 from Green Valley, Fresh Farm and Daily Dairy are confirmed`, text: 'Hello' }],
    ['a text ending with a CR LF and holding a lone CR', 'GreenCart <orders@greencart.local>', { to: 'a@example.com', subject: 'Your order', text: 'Hello\r\nthere\rfriend\r\n' }],
    ['an empty subject', 'GreenCart <orders@greencart.local>', { to: 'a@example.com', subject: '', text: 'Hello' }],
  ];
  it.each(cases)('%s: byte for byte', async (_name, from, message) => {
    const ours = plainTextEml(from, { ...message, key }, date, 'greencart.local');
    expect(ours).toBeDefined();
    expect(ours).toBe(await nodemailerEml(from, { ...message, key }, date, 'greencart.local'));
  });

  it.each([
    ['a sender name nodemailer quotes', 'GreenCart Ltd. <orders@greencart.local>', 'a@example.com', 'Your order'],
    ['a sender name nodemailer encodes', 'ग्रीनकार्ट <orders@greencart.local>', 'a@example.com', 'Your order'],
    ['a recipient with a display name', 'GreenCart <orders@greencart.local>', 'Asha <a@example.com>', 'Your order'],
    ['a recipient at an internationalised domain', 'GreenCart <orders@greencart.local>', 'a@bücher.example', 'Your order'],
    ['a subject with a line break', 'GreenCart <orders@greencart.local>', 'a@example.com', 'Your order\nBcc: b@example.com'],
  ])('leaves %s to nodemailer', (_name, from, to, subject) => {
    expect(plainTextEml(from, { to, subject, text: 'Hello', key }, date, 'greencart.local')).toBeUndefined();
  });
});
