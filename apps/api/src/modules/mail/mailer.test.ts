import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer.js';

/** The Subject header of an .eml file, unfolded, its RFC 2047 words decoded as a mail reader does. */
const readSubject = (eml: string) => {
  const raw = /^Subject:(.*(?:\n[ \t].*)*)/m.exec(eml)![1]!.replace(/\n[ \t]/g, ' ').trim();
  return { raw, shown: raw.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8')).trim() };
};

async function sentSubject(subject: string) {
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
  const mailer = createMailer({ smtpUrl: undefined, from: 'GreenCart <orders@greencart.local>', outboxDir, log: { info() {} } as unknown as FastifyBaseLogger });
  await mailer.send({ to: 'shop@example.com', subject, text: 'Hello' });
  const [file] = await fs.readdir(outboxDir);
  return readSubject(await fs.readFile(path.join(outboxDir, file!), 'utf8'));
}

describe('mail subjects', () => {
  it('shows a shop name written as a mail-header encoding as typed, not as the name it encodes (a probe)', async () => {
    const forged = 'GreenCart: =?utf-8?b?VGF0dHZhIE1hcmtldCA5MjE=?= applied to sell';
    const subject = await sentSubject(forged);
    // A reader decodes the header once: the forged words stay text.
    expect(subject.shown).toBe(forged);
    expect(subject.shown).not.toContain('Tattva Market');
    const long = `GreenCart: =?x?= ${'टमाटर '.repeat(20)}`.trim();
    expect((await sentSubject(long)).shown).toBe(long);
  });

  it('leaves an ordinary subject as it is', async () => {
    expect((await sentSubject('GreenCart: payout of Rs 50 to Anand Fruits')).raw).toBe('GreenCart: payout of Rs 50 to Anand Fruits');
  });
});

describe('the outbox folder (no SMTP_URL)', () => {
  it('never holds an empty or cut .eml: a write that fails midway leaves none (a probe found four after a kill -9)', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'GreenCart <orders@greencart.local>', outboxDir, log: { info() {} } as unknown as FastifyBaseLogger });
    const write = fs.writeFile;
    // The process stopping after the file was made and before its bytes were in: an empty file, then nothing more.
    const crash = vi.spyOn(fs, 'writeFile').mockImplementationOnce(async (file) => {
      await write(file as string, '');
      throw new Error('killed');
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Your order', text: 'Hello' })).rejects.toThrow('killed');
    crash.mockRestore();
    expect((await fs.readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toEqual([]);
    // Sent again (its claim lapsed), it is one whole mail.
    await mailer.send({ to: 'a@example.com', subject: 'Your order', text: 'Hello' });
    const mails = (await fs.readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    expect(await fs.readFile(path.join(outboxDir, mails[0]!), 'utf8')).toContain('Subject: Your order');
  });

  it('removes the part-files an earlier process killed mid-write left, once an hour old, when it starts writing (a resilience probe)', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    const left = path.join(outboxDir, '2026-12-01T14-08-45-870Z-1a2b3c4d.eml.part');
    await fs.writeFile(left, '');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(left, hoursAgo, hoursAgo);
    const mailer = createMailer({ smtpUrl: undefined, from: 'GreenCart <orders@greencart.local>', outboxDir, log: { info() {} } as unknown as FastifyBaseLogger });
    await mailer.send({ to: 'a@example.com', subject: 'Your order', text: 'Hello' });
    await expect.poll(async () => (await fs.readdir(outboxDir)).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect((await fs.readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });
});
