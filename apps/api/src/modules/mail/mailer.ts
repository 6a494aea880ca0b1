import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { LEFTOVER_AGE_MS, removeStaleFiles } from '../../lib/stale-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * A stable unique name for this mail, sent as its Message-ID (`<key@domain of MAIL_FROM>`): the same
   * message sent twice (a crash between sending it and marking it sent, 0103) is recognisably one.
   */
  key?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * How many sends may run at once, which is how many mails the sender claims in a round (mail-sender.ts);
   * unset: the sender's default (4, an SMTP connection each). A round's sends all run inside one lease.
   */
  readonly sendsAtOnce?: number;
}

/**
 * A subject as the header carries it. nodemailer writes an all-ASCII subject as it is, and a mail reader decodes any
 * `=?charset?B?…?=` in it: a shop named `=?utf-8?b?VGF0dHZh…?=` read as another shop's name (a probe). A subject with
 * `=?` is sent encoded whole (RFC 2047 words of at most 45 bytes each), which the reader decodes once, to the text.
 */
export function subjectHeader(subject: string): string {
  if (!subject.includes('=?')) return subject;
  const words: string[] = [];
  let word = '';
  for (const char of subject) {
    if (Buffer.byteLength(word + char) > 45) {
      words.push(word);
      word = '';
    }
    word += char;
  }
  words.push(word);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(' ');
}

/**
 * Sends through SMTP_URL when set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox/ (open it in any mail client) and logs where, so development needs no mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'greencart.local';
  // Without a key nodemailer makes a random Message-ID.
  const envelope = ({ key, ...message }: MailMessage) => ({ from: options.from, ...message, subject: subjectHeader(message.subject), messageId: key && `<${key}@${domain}>` });
  if (options.smtpUrl) {
    // Timeouts well inside the sender's 2-minute lease (mail-sender.ts): a send still hanging when the
    // lease ends could be sent a second time by another instance. nodemailer's own are 2 and 10 minutes.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 });
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Made on the first message, not on each: a mkdir per order cost checkout a few per cent of its CPU
  // (docs/perf.md). A failed attempt is forgotten, so the next message tries again.
  let outboxReady: Promise<unknown> | undefined;
  const makeOutbox = () =>
    fs.mkdir(options.outboxDir, { recursive: true }).then(
      // The part-files a process killed mid-write left (their mails were sent again whole): not kept for ever.
      () => void removeStaleFiles(options.outboxDir, /\.eml\.part$/, LEFTOVER_AGE_MS),
      (err: unknown) => {
        outboxReady = undefined;
        throw err;
      },
    );
  return {
    // A file written on this machine cannot hang for minutes as an SMTP server can: a backlog (checkouts at load)
    // is claimed and composed 32 at a time, with one claim and one compose statement a round (docs/decisions/0200).
    sendsAtOnce: 32,
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await (outboxReady ??= makeOutbox());
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      // Written whole or not at all: a crash mid-write leaves a `.part` file, never an empty or cut `.eml` that would be
      // read as a mail (a probe found four after a kill -9); the mail itself is sent again once its claim lapses.
      // A write that failed (a full disk) takes its part-file with it: each retry left one more (a probe counted 11).
      await fs.writeFile(`${file}.part`, info.message as Buffer).catch(async (err: unknown) => {
        await fs.rm(`${file}.part`, { force: true });
        throw err;
      });
      await fs.rename(`${file}.part`, file);
      options.log.info({ file, to: message.to, subject: message.subject }, 'e-mail written to the outbox (SMTP_URL not set)');
    },
  };
}
