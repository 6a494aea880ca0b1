import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeTestOrder } from '../../test/order-builders.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import type * as OutboxRepository from './mail-outbox-repository.js';
import type { MailMessage } from './mailer.js';

/** How many of the next "sent" marks meet a dropped connection (PostgreSQL's 57P01, as `pg_terminate_backend` gives). */
const drops = vi.hoisted(() => ({ left: 0 }));
vi.mock('./mail-outbox-repository.js', async (original) => {
  const actual = await original<typeof OutboxRepository>();
  return {
    ...actual,
    async markMailsSent(...args: Parameters<typeof actual.markMailsSent>) {
      if (drops.left > 0) {
        drops.left -= 1;
        throw new Error('query failed', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
      }
      return actual.markMailsSent(...args);
    },
  };
});

/**
 * A resilience probe cut the database's connections during a burst of mails: two marks "sent" failed on the cut
 * connection and, not tried again, the mails went a second time when their lease ran out, though no process crashed.
 */
describe('a mail whose "sent" mark meets a dropped connection', () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    // A lease far longer than the test: a mark lost would leave the mail unmarked for all of it.
    t = await buildTestApp({}, { mailer: { send: async (message) => void sent.push(message) }, mailSender: { leaseMs: 120_000 } });
  });
  afterAll(() => t.close());

  it('is marked once the database answers again, and sent once', async () => {
    drops.left = 2;
    const { orderId, orderNumber } = await placeTestOrder(t.app);
    const row = async () => (await t.app.db.query.mailOutbox.findFirst({ where: (m, { eq }) => eq(m.orderId, orderId) }))!;
    await expect.poll(async () => (await row()).sentAt, { timeout: 10_000 }).toEqual(expect.any(Date));
    expect(drops.left).toBe(0);
    expect((await row()).attempts).toBe(1);
    expect(sent.filter((m) => m.subject.includes(orderNumber))).toHaveLength(1);
  });
});
