import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
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
