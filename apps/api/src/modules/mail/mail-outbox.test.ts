import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { completeTestPayment, placeTestOrder } from '../../test/order-builders.js';
import { insertTestOrder } from '../../test/seller-builders.js';
import { body, buildTestApp, createAddress, createProduct, createShopper, freshPostgresDatabase, mailsSent, openTestDatabase, sellerCookie, type TestApp } from '../../test/test-app.js';
import { claimDueMails, msUntilNextMail, queueOrderMail } from './mail-outbox-repository.js';
import { outboxMessageKey, SHUTDOWN_SEND_MS } from './mail-sender.js';
import { createMailer, type Mailer, type MailMessage } from './mailer.js';

/**
 * Issue 17: order e-mails are queued in the transaction of the action they tell about and sent by a
 * sender that any number of instances run at once (docs/decisions/0083): sent iff the action committed,
 * retried while the mail server is down, sent by another instance when the one that queued it died,
 * and sent once however many senders run.
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && process.env.TEST_DATABASE_URL !== undefined;

/** A mailer that keeps what it sends, and throws while `down`. */
function recordingMailer(sent: MailMessage[] = []): Mailer & { sent: MailMessage[]; down: boolean } {
  return {
    sent,
    down: false,
    async send(message) {
      if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };
}

/** Retries in milliseconds, not minutes. */
const FAST_RETRIES = { retryFirstMs: 20, retryMaxMs: 100, pollMs: 200 };

/** The subjects of the mails about an order, found by its number (issue 28: what mails name an order by). */
const about = (mailer: { sent: MailMessage[] }, orderNumber: string) => mailer.sent.filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject);
/** A mail server that takes each message and holds its answer until `finish` (one answering slowly, or never). */
function heldMailer() {
  let finish!: () => void;
  const answered = new Promise<void>((resolve) => (finish = resolve));
  const mailer = {
    sent: [] as MailMessage[],
    async send(message: MailMessage) {
      this.sent.push(message);
      await answered;
    },
  };
  return { mailer, finish };
}

const rowsOf = (t: TestApp, orderId: string) => t.app.db.query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.orderId, orderId) });
const countRows = async (t: TestApp) => t.app.db.$count(mailOutbox);

describe('a mail server that fails', () => {
  let t: TestApp;
  const mailer = recordingMailer();
  beforeAll(async () => {
    t = await buildTestApp({}, { mailer, mailSender: { ...FAST_RETRIES, maxAttempts: 50 } });
  });
  afterAll(() => t.close());

  it('keeps the mail of an order placed meanwhile, with its last error, and sends it once the server works again', async () => {
    mailer.down = true;
    const { orderId, orderNumber } = await placeTestOrder(t.app);
    await expect.poll(async () => (await rowsOf(t, orderId))[0]?.attempts ?? 0).toBeGreaterThanOrEqual(2);
    const [failing] = await rowsOf(t, orderId);
    expect(failing).toMatchObject({ kind: 'confirmation', sentAt: null, failedAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(about(mailer, orderNumber)).toEqual([]);

    mailer.down = false;
    await expect.poll(() => about(mailer, orderNumber), { timeout: 5_000 }).toEqual([`GreenCart order ${orderNumber} confirmed`]);
    await mailsSent(t.app);
    expect(about(mailer, orderNumber)).toHaveLength(1);
    expect((await rowsOf(t, orderId))[0]).toMatchObject({ sentAt: expect.any(Date), lastError: null });
  });

  it('gives a mail up after its attempts, keeping why', async () => {
    const giving = recordingMailer();
    giving.down = true;
    const short = await buildTestApp({}, { mailer: giving, mailSender: { ...FAST_RETRIES, maxAttempts: 3 } });
    try {
      const { orderId } = await placeTestOrder(short.app);
      await expect.poll(async () => (await rowsOf(short, orderId))[0]?.failedAt ?? null, { timeout: 5_000 }).toBeInstanceOf(Date);
      expect((await rowsOf(short, orderId))[0]).toMatchObject({ attempts: 3, sentAt: null, lastError: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await short.close();
    }
  });
});

describe('an instance that dies before sending', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves its queued mails to the next instance on the database, which sends each once', async () => {
    // The first instance queues (checkout, a status change) and never sends: as if it crashed after commit.
    const dying = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    const { orderId, orderNumber } = await placeTestOrder(dying.app);
    await dying.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Processed' }, headers: { cookie: await sellerCookie(dying.app) } });
    await dying.close();

    const mailer = recordingMailer();
    const next = await buildTestApp({}, { database, mailer });
    try {
      await expect.poll(() => about(mailer, orderNumber).sort()).toEqual([`GreenCart order ${orderNumber} confirmed`, `GreenCart order ${orderNumber}: Processed`]);
      await mailsSent(next.app);
      expect(about(mailer, orderNumber)).toHaveLength(2);
    } finally {
      await next.close();
    }
  });

  it("hands a claimed refund mail who refunded (the operator's refund is told as GreenCart's; a row from before says the shop)", async () => {
    const t = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    try {
      const { orderId } = await placeTestOrder(t.app);
      await t.app.db.delete(mailOutbox).where(sql`${mailOutbox.orderId} = ${orderId}`);
      await queueOrderMail(t.app.db, orderId, { kind: 'refunded', by: 'operator' });
      await t.app.db.insert(mailOutbox).values({ orderId, kind: 'refunded' });
      const claimed = (await claimDueMails(t.app.db, { limit: 10, leaseMs: 60_000 })).filter((m) => 'orderId' in m && m.orderId === orderId);
      expect(claimed.map((m) => ('by' in m ? m.by : undefined)).sort()).toEqual(['operator', 'seller']);
    } finally {
      await t.close();
    }
  });

  it('leaves a mail it claimed but never finished to be claimed again once its lease is over', async () => {
    const t = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    try {
      const { orderId } = await placeTestOrder(t.app);
      const [claimed] = await claimDueMails(t.app.db, { limit: 10, leaseMs: 300 });
      expect(claimed).toMatchObject({ orderId, kind: 'confirmation', attempts: 1 });
      // Held by the lease: nobody else claims it now.
      expect(await claimDueMails(t.app.db, { limit: 10, leaseMs: 300 })).toEqual([]);
      await expect.poll(() => claimDueMails(t.app.db, { limit: 10, leaseMs: 60_000 }), { interval: 100 }).toEqual([{ ...claimed, attempts: 2 }]);
    } finally {
      await t.close();
    }
  });
});

describe('a backlog of mails (docs/decisions/0200)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** A mailer whose sends wait at a gate until `open`: the sends in flight at once are the mails one round claimed. */
  function gatedMailer(sendsAtOnce: number | undefined) {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    return {
      sent: [] as MailMessage[],
      sendsAtOnce,
      open,
      async send(message: MailMessage) {
        this.sent.push(message);
        await gate;
      },
    };
  }

  it.each([
    ['that takes 32 sends at once (as the file outbox)', 10, 32],
    ['without a number of its own (as SMTP: the default 4)', 4, undefined],
  ])('with a mailer %s, claims %i of 10 waiting mails in its first round', async (_mailer, firstRound, sendsAtOnce) => {
    const queuing = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    const { orderId } = await placeTestOrder(queuing.app);
    await queuing.app.db.insert(mailOutbox).values(Array.from({ length: 9 }, () => ({ orderId, kind: 'status' as const, status: 'Processed' as const })));
    await queuing.close();

    const mailer = gatedMailer(sendsAtOnce);
    const t = await buildTestApp({}, { database, mailer });
    try {
      await expect.poll(() => mailer.sent.length).toBe(firstRound);
      // No more while the round's sends are under way.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailer.sent).toHaveLength(firstRound);
      mailer.open();
      await expect.poll(() => mailer.sent.length).toBe(10);
      await mailsSent(t.app);
      expect(new Set(mailer.sent.map((m) => m.key)).size).toBe(10);
    } finally {
      mailer.open();
      await t.close();
    }
  });
});

describe('an instance killed while sending (issue 25: a kill -9 re-sent about 6 mails already sent)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('has marked each mail sent as soon as it went, so the next instance sends again only the one in flight, under the same Message-ID', async () => {
    // Three mails waiting, queued by an instance that sends none.
    const queuing = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    const { orderId } = await placeTestOrder(queuing.app);
    await queuing.app.db.insert(mailOutbox).values([
      { orderId, kind: 'status', status: 'Processed' },
      { orderId, kind: 'status', status: 'Packed' },
    ]);
    await queuing.close();

    // The mail server takes the first mail; the process dies while it sends the second (its send never
    // ends; `kill` lets the test close the instance afterwards).
    let kill!: (err: Error) => void;
    const dead = new Promise<never>((_resolve, reject) => (kill = reject));
    const dyingMailer = {
      sent: [] as MailMessage[],
      async send(message: MailMessage) {
        this.sent.push(message);
        if (this.sent.length > 1) await dead;
      },
    };
    // Its send never ends: held past `maxSendMs`, the mail is no longer its own, as if the process were gone.
    const dying = await buildTestApp({}, { database, mailer: dyingMailer, mailSender: { concurrency: 1, leaseMs: 500, maxSendMs: 500 } });
    const next = { t: undefined as TestApp | undefined, mailer: recordingMailer() };
    try {
      await expect.poll(() => dyingMailer.sent.length).toBe(2);
      const [delivered, inFlight] = dyingMailer.sent;
      const rows = await rowsOf(dying, orderId);
      expect(rows.filter((m) => m.sentAt !== null).map((m) => outboxMessageKey({ id: m.id, orderId }))).toEqual([delivered!.key]);

      next.t = await buildTestApp({}, { database, mailer: next.mailer });
      await expect.poll(() => next.mailer.sent.length, { timeout: 5_000 }).toBe(2);
      await mailsSent(next.t.app);
      // Sent again: only the mail in flight, with the Message-ID it had; never the one already delivered.
      expect(next.mailer.sent.map((m) => m.key)).toContain(inFlight!.key);
      expect(next.mailer.sent.map((m) => m.key)).not.toContain(delivered!.key);
      expect(new Set([...dyingMailer.sent, ...next.mailer.sent].map((m) => m.key)).size).toBe(3);
      expect((await rowsOf(dying, orderId)).every((m) => m.sentAt !== null)).toBe(true);
    } finally {
      kill(new Error('the process is gone'));
      await dying.close();
      await next.t?.close();
    }
  });

  it('keeps a mail whose send outlasts the lease (a slow mail server) its own: another instance does not send it too', async () => {
    const queuing = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    const { orderId } = await placeTestOrder(queuing.app);
    await queuing.app.db.insert(mailOutbox).values({ orderId, kind: 'status', status: 'Dispatched' });
    await queuing.close();

    const { mailer: slowMailer, finish } = heldMailer();
    const slow = await buildTestApp({}, { database, mailer: slowMailer, mailSender: { concurrency: 4, leaseMs: 400 } });
    const other = { t: undefined as TestApp | undefined, mailer: recordingMailer() };
    try {
      // Every mail of the order (its confirmation too) in this instance's hands, still being sent.
      await expect.poll(() => slowMailer.sent.length).toBe(2);
      other.t = await buildTestApp({}, { database, mailer: other.mailer, mailSender: { leaseMs: 400, pollMs: 100 } });
      // Four leases' time: the other instance looks again and again and finds nothing to claim.
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect(other.mailer.sent).toEqual([]);
      finish();
      await expect.poll(async () => (await rowsOf(slow, orderId)).every((m) => m.sentAt !== null)).toBe(true);
      expect(other.mailer.sent).toEqual([]);
    } finally {
      finish();
      await slow.close();
      await other.t?.close();
    }
  });

  it('stops within its shutdown time though a send hangs (a mail server that answers slowly): the mail is left to its lease', { timeout: 30_000 }, async () => {
    const queuing = await buildTestApp({}, { database, mailSender: false, mailer: recordingMailer() });
    const { orderId } = await placeTestOrder(queuing.app);
    await queuing.close();
    const { mailer: hangingMailer, finish } = heldMailer();
    const hanging = await buildTestApp({}, { database, mailer: hangingMailer });
    try {
      await expect.poll(() => hangingMailer.sent.length).toBeGreaterThan(0);
      const stopping = Date.now();
      // It waited for the send without end, and the process's forced exit cut the orderly stop (a probe, decision 0094).
      await hanging.app.close();
      expect(Date.now() - stopping).toBeLessThan(SHUTDOWN_SEND_MS + 2_000);
      expect((await rowsOf(hanging, orderId)).some((m) => m.sentAt === null)).toBe(true);
    } finally {
      finish();
      await hanging.close();
    }
  });

  it('sends a mail with its key as the Message-ID, at the domain of MAIL_FROM, the same on every attempt', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    try {
      const log = { info: () => {} } as unknown as Parameters<typeof createMailer>[0]['log'];
      const mailer = createMailer({ smtpUrl: undefined, from: 'GreenCart <orders@shop.example>', outboxDir, log });
      const message = { to: 'a@example.com', subject: 'Your order', text: 'Hello', key: outboxMessageKey({ id: 7, orderId: 'c0ffee00-0000-4000-8000-000000000001' }) };
      await mailer.send(message);
      await mailer.send(message);
      const files = await fs.readdir(outboxDir);
      expect(files).toHaveLength(2);
      for (const file of files) {
        // A long header is folded onto the next line (RFC 5322); unfolded, it is one.
        const headers = (await fs.readFile(path.join(outboxDir, file), 'utf8')).replace(/\n[ \t]+/g, ' ');
        expect(headers).toContain('Message-ID: <mail-7.order-c0ffee00-0000-4000-8000-000000000001@shop.example>');
      }
    } finally {
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('an empty outbox', () => {
  it('is looked at again at the poll, not at once: nothing waiting means no due time', async () => {
    const t = await buildTestApp({}, { mailer: recordingMailer(), mailSender: false });
    try {
      // No due time, so the sender sleeps until its poll (an answer of 0 had it look again at once, for ever).
      expect(await msUntilNextMail(t.app.db)).toBeUndefined();
      // A mail waiting for its retry gives the time left, never less than 0.
      const [mail] = await t.app.db.insert(mailOutbox).values({ orderId: (await insertTestOrder(t.app)).id, kind: 'confirmation', dueAt: new Date(Date.now() + 60_000) }).returning();
      expect(await msUntilNextMail(t.app.db)).toBeGreaterThan(50_000);
      await t.app.db.update(mailOutbox).set({ dueAt: new Date(Date.now() - 60_000) }).where(sql`id = ${mail!.id}`);
      expect(await msUntilNextMail(t.app.db)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('only what commits is mailed', () => {
  let t: TestApp;
  const mailer = recordingMailer();
  beforeAll(async () => {
    t = await buildTestApp({}, { mailer });
  });
  afterAll(() => t.close());

  it('sends the mail within a second of the commit (woken by its NOTIFY, not the 10 s poll)', async () => {
    const { orderNumber } = await placeTestOrder(t.app);
    // Timed from the checkout's answer (its transaction has committed), not from its request: placing the order
    // took 1.8 s of a loaded machine's time (load 14), which is not the sender's.
    const committed = Date.now();
    await expect.poll(() => about(mailer, orderNumber), { timeout: 1_000, interval: 20 }).toEqual([`GreenCart order ${orderNumber} confirmed`]);
    expect(Date.now() - committed).toBeLessThan(1_000);
  });

  it('queues nothing for a refused checkout (409) or the same checkout sent again', async () => {
    const shopper = await createShopper(t.app);
    const address = await createAddress(t.app, shopper.user.id);
    const soldOut = await createProduct(t.app, { inStock: false });
    const before = await countRows(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/order/cod',
      payload: { items: [{ product: soldOut.id, quantity: 1 }], address: address.id },
      headers: { cookie: shopper.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(await countRows(t)).toBe(before);

    const product = await createProduct(t.app);
    const payload = { items: [{ product: product.id, quantity: 2 }], address: address.id };
    const first = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload, headers: { cookie: shopper.cookie } });
    const again = await t.app.inject({ method: 'POST', url: '/api/order/cod', payload, headers: { cookie: shopper.cookie } });
    // The same checkout, said to be placed already (decision 0030).
    const { message: _placed, ...firstAnswer } = body<Record<string, unknown>>(first);
    expect(body(again)).toEqual({ ...firstAnswer, alreadyPlaced: true, message: expect.stringMatching(/^You placed this same order in the last 10 minutes/) });
    expect(await countRows(t)).toBe(before + 1);
  });

  it('queues nothing for an unpaid online order, and the confirmation once its payment arrives', async () => {
    const { orderId } = await placeTestOrder(t.app, { paymentType: 'Online' });
    expect(await rowsOf(t, orderId)).toEqual([]);
    await completeTestPayment(t.app, orderId);
    await completeTestPayment(t.app, orderId); // the same event again changes nothing
    expect((await rowsOf(t, orderId)).map((m) => m.kind)).toEqual(['confirmation']);
  });

  it('queues nothing when the seller’s change rolls back (the refund of a cancel is refused)', async () => {
    const { orderId } = await placeTestOrder(t.app, { paymentType: 'Online', paid: true });
    const refund = vi.spyOn(t.app.payments.gateway, 'refund').mockRejectedValueOnce(new Error('provider down'));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/order/status', payload: { orderId, status: 'Cancelled' }, headers: { cookie: await sellerCookie(t.app) } });
      expect(res.statusCode).toBe(502);
    } finally {
      refund.mockRestore();
    }
    expect((await rowsOf(t, orderId)).map((m) => m.kind)).toEqual(['confirmation']);
  });
});

describe('sent mails are not kept for ever', () => {
  it('deletes mails sent over a week ago at the hourly housekeeping, and keeps recent and waiting ones', async () => {
    const t = await buildTestApp({}, { mailer: recordingMailer() });
    try {
      const old = await placeTestOrder(t.app);
      const recent = await placeTestOrder(t.app);
      await mailsSent(t.app);
      await t.app.db.update(mailOutbox).set({ createdAt: sql`now() - interval '8 days'` }).where(sql`${mailOutbox.orderId} = ${old.orderId}`);
      // One still waiting (as if the mail server had been down for 8 days) is kept.
      await t.app.db.insert(mailOutbox).values({ orderId: old.orderId, kind: 'status', status: 'Processed', createdAt: sql`now() - interval '8 days'`, dueAt: sql`now() + interval '1 hour'` });
      expect(await t.app.housekeeping.runIfDue()).toBe(true);
      expect((await rowsOf(t, old.orderId)).map((m) => m.kind)).toEqual(['status']);
      expect((await rowsOf(t, recent.orderId)).map((m) => m.kind)).toEqual(['confirmation']);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(onPostgres)('several instances on one PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  const opened: Database[] = [];
  const apps: TestApp[] = [];
  /** An instance with its own connection pool and listener, as another process would have. */
  const instance = async (options: Parameters<typeof buildTestApp>[1]) => {
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    opened.push(database);
    const t = await buildTestApp({}, { ...options, database });
    apps.push(t);
    return t;
  };
  beforeAll(async () => {
    ({ url, drop } = await freshPostgresDatabase('gc_mail', { migrated: true }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const database of opened) await database.close();
    await drop();
  });

  it('sends a mail queued on another instance within a second (its NOTIFY, not the 10 s poll)', async () => {
    const queuing = await instance({ mailSender: false, mailer: recordingMailer() });
    const mailer = recordingMailer();
    await instance({ mailer });
    const { orderNumber } = await placeTestOrder(queuing.app);
    // From the commit, as above.
    const committed = Date.now();
    await expect.poll(() => about(mailer, orderNumber), { timeout: 1_000, interval: 20 }).toHaveLength(1);
    expect(Date.now() - committed).toBeLessThan(1_000);
    // Out of the next test's way.
    for (const t of apps.splice(0)) await t.close();
  });

  it('two instances sending at once send each queued mail exactly once', async () => {
    const sent: MailMessage[] = [];
    const byInstance = [recordingMailer(sent), recordingMailer(sent)];
    const [a, b] = [await instance({ mailer: byInstance[0] }), await instance({ mailer: byInstance[1] })];
    const product = await createProduct(a!.app);
    // Orders placed on both at once, and then three mails for each in one statement: one NOTIFY that
    // wakes both senders at the same moment, so their claims race for the same rows.
    const orders = await Promise.all(Array.from({ length: 30 }, (_, i) => placeTestOrder((i % 2 ? a : b)!.app, { items: [{ product, quantity: 1 }] })));
    await a!.app.db.execute(
      sql`insert into mail_outbox (order_id, kind, status)
          select o.id::uuid, 'status', s.status from unnest(${sql.param(orders.map((o) => o.orderId))}::text[]) o(id)
          cross join unnest(array['Processed', 'Packed', 'Dispatched']) s(status)`,
    );
    const expected = orders.flatMap(({ orderNumber }) => [`GreenCart order ${orderNumber} confirmed`, ...['Processed', 'Packed', 'Dispatched'].map((s) => `GreenCart order ${orderNumber}: ${s}`)]);
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(expected.length);
    await Promise.all([mailsSent(a!.app), mailsSent(b!.app)]);
    expect(sent.map((m) => m.subject).sort()).toEqual(expected.sort());
    const waiting = await a!.app.db.$count(mailOutbox, sql`${mailOutbox.sentAt} is null`);
    expect(waiting).toBe(0);
  });
});
