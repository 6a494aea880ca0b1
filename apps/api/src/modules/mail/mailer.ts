import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import { encodeWords, foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

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

/** nodemailer's choice between quoted-printable (Q) and base64 (B): Q when latin letters outnumber the rest. */
function textEncoding(value: string): 'Q' | 'B' {
  let other = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin ? 'Q' : 'B';
}

/** Whether `value` holds a control character (a tab allowed when `tab`) or DEL: nodemailer encodes or strips those. */
function hasControl(value: string, tab: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && !(tab && code === 0x09)) || code === 0x7f) return true;
  }
  return false;
}

/** An address nodemailer writes as it is: a dot-atom local part at an ASCII domain. */
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;
/** A sender nodemailer writes as it is: a name of word characters and spaces (no quoting) before a plain address, or the address alone. */
const PLAIN_SENDER = /^(?:([A-Za-z0-9_]+(?: [A-Za-z0-9_]+)*) <([^<>\s]+)>|([^<>\s]+))$/;

/**
 * The .eml file nodemailer's stream transport writes (`newline: 'unix'`) for a plain-text message with a key,
 * built without its streams: composing a message took nodemailer about 0.22 ms of CPU, a sixth of a checkout's
 * Node time under the checkout bench, where every checkout sends a confirmation (docs/decisions/0206). The same
 * headers in the same order, the same transfer encoding and folding, byte for byte (mailer.test.ts holds the two
 * together). Undefined for what it does not cover (a sender or recipient nodemailer would quote or encode, a
 * subject with control characters): those are composed by nodemailer as before.
 */
export function plainTextEml(from: string, message: MailMessage & { key: string }, date: Date, domain: string): string | undefined {
  const sender = PLAIN_SENDER.exec(from);
  const senderAddress = sender?.[2] ?? sender?.[3];
  if (!sender || !senderAddress || !PLAIN_ADDRESS.test(senderAddress) || !PLAIN_ADDRESS.test(message.to)) return undefined;
  if (hasControl(message.subject, true) || hasControl(message.key, false) || /[\s<>]/.test(message.key)) return undefined;
  const { text } = message;
  const sevenBit = isPlainText(text) && !hasLongerLines(text, 76);
  const encoding = sevenBit ? '7bit' : textEncoding(text) === 'Q' ? 'quoted-printable' : 'base64';
  const body = sevenBit ? text : encoding === 'quoted-printable' ? qpWrap(qpEncode(text), 76) : base64Wrap(base64Encode(text), 76);
  const headers = [
    `From: ${sender[1] ? `${sender[1]} <${senderAddress}>` : senderAddress}`,
    `To: ${message.to}`,
    // An empty subject is left out, as nodemailer leaves out an empty header.
    ...(message.subject.trim() ? [`Subject: ${encodeWords(message.subject, textEncoding(message.subject), 52, true)}`] : []),
    `Message-ID: <${message.key}@${domain}>`,
    `Content-Transfer-Encoding: ${encoding}`,
    `Date: ${date.toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].map((header) => foldLines(header, 76));
  // nodemailer ends the message with a line break (CRLF, or LF after a CR), then drops every CR (`newline: 'unix'`).
  const eml = `${headers.join('\r\n')}\r\n\r\n${body}`;
  return (eml.endsWith('\n') ? eml : eml.endsWith('\r') ? `${eml}\n` : `${eml}\r\n`).replaceAll('\r', '');
}

/**
 * Sends through SMTP_URL when set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox/ (open it in any mail client) and logs where, so development needs no mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'greencart.local';
  // Without a key nodemailer makes a random Message-ID.
  const envelope = ({ key, ...message }: MailMessage) => ({ from: options.from, ...message, messageId: key && `<${key}@${domain}>` });
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
    fs.mkdir(options.outboxDir, { recursive: true }).catch((err: unknown) => {
      outboxReady = undefined;
      throw err;
    });
  return {
    // A file written on this machine cannot hang for minutes as an SMTP server can: a backlog (checkouts at load)
    // is claimed and composed 32 at a time, with one claim and one compose statement a round (docs/decisions/0200).
    sendsAtOnce: 32,
    async send(message) {
      const now = new Date();
      const eml = message.key === undefined ? undefined : plainTextEml(options.from, { ...message, key: message.key }, now, domain);
      const content = eml ?? ((await transport.sendMail(envelope(message))).message as Buffer);
      await (outboxReady ??= makeOutbox());
      const file = path.join(options.outboxDir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, content);
      options.log.info({ file, to: message.to, subject: message.subject }, 'e-mail written to the outbox (SMTP_URL not set)');
    },
  };
}
