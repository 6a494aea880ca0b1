import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PasswordChangeInput, PasswordResetInput } from '@greencart/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/raw-sql.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { queuePasswordChangedMail, queueResetMail, RESET_MAIL_GAP_MINUTES, type QueuedAccountMail } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { createFailedLoginLimiter } from './failed-login-limiter.js';
import { systemLoginClock, type LoginClock } from './password-login.js';
import { tooManyFailedLogins } from './user-errors.js';

/** How long an e-mailed link to set a new password works (decision 0254). */
export const RESET_LINK_MINUTES = 60;

/** Where the link lands in the browser: the web's page asking for the new password. */
export const RESET_PAGE = '/reset-password';

export type Account = 'user' | 'seller';

/** An id as the database makes them: 36 characters of hex in 8-4-4-4-12 (a text of 36 dashes reached PostgreSQL: a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Password-reset links one client address may ask for per 15 minutes, shoppers' and shops' together (decision 0254). */
export const RESET_REQUEST_LIMIT = 5;

/**
 * The answer to any e-mail, with an account or not, so the call tells no one who has one. It says when asking again
 * sends another: one link per RESET_MAIL_GAP_MINUTES, and "Send the link again" sooner sent nothing while it said a link
 * was on its way (a probe).
 */
export const RESET_REQUESTED_MESSAGE = `If an account uses this e-mail, a link to set a new password is on its way. It works for 60 minutes. Not there? Look in your spam folder; a new link can be sent ${RESET_MAIL_GAP_MINUTES} minutes after the last one.`;

export const tooManyResetRequests = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many requests for a new password from your network. Please try again in ${after}.`);

export const tooManyResetAttempts = (after: string) =>
  new AppError('TOO_MANY_ATTEMPTS', `Too many tries at a new password from your network. Please try again in ${after}.`);

export const resetLinkInvalid = () =>
  new AppError('RESET_LINK_INVALID', 'This link to set a new password has expired or was used already. Ask for a new one from the login form.');

/**
 * The account's row as a reset sees it. A shop's is any shop but the operator's, whose password the environment
 * sets at every start (SELLER_PASSWORD, decision 0115): a password set here would not last.
 */
const accounts = {
  user: { table: sql.raw('users'), only: sql`true` },
  seller: { table: sql.raw('sellers'), only: sql`role = 'seller'` },
} satisfies Record<Account, unknown>;

type AccountRow = { id: string; name: string; email: string; password_hash: string };

/**
 * The new hash, and every session of the account ended: the trigger on sessions tells every instance to forget the ones
 * it keeps (0088).
 */
async function setPassword(tx: DbOrTx, account: Account, row: Pick<AccountRow, 'id' | 'email'>, passwordHash: string): Promise<void> {
  await tx.execute(sql`update ${accounts[account].table} set password_hash = ${passwordHash} where id = ${row.id}`);
  await tx.execute(sql`delete from sessions where ${sql.raw(account === 'user' ? 'user_id' : 'seller_id')} = ${row.id}`);
  // The e-mail's failed logins guessed at the old password: the new one starts without their slow-down (a probe).
  await tx.execute(sql`delete from login_failures where account = ${account} and scope = 'email' and key = ${row.email.toLowerCase()}`);
  // The owner is told, whoever changed it (a probe: nothing said so, where someone else could have).
  await queuePasswordChangedMail(tx, account, row.id);
}

const wrongCurrentPassword = () =>
  new AppError('INVALID_CREDENTIALS', 'The current password is not right', [{ path: 'body.currentPassword', message: 'The current password is not right' }]);
const operatorPassword = () => new AppError('FORBIDDEN', "The operator's password is set by SELLER_PASSWORD on the server, not here");

/**
 * Forgotten and changed passwords, for shoppers and shops alike (decision 0254). The link's token is the account, its id,
 * the second it stops working and an HMAC of these and the account's password hash as it is when the mail is
 * composed: nothing to store, the same on every instance (the key is a shared server secret), and spent by the
 * password it sets (any change of password ends every link made before it).
 */
export function createPasswordReset(deps: { db: Db; secret: Buffer; publicUrl: string; clock?: LoginClock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemLoginClock;
  const now = () => clock.now();
  const limiters = { user: createFailedLoginLimiter(db, 'user', now), seller: createFailedLoginLimiter(db, 'seller', now) };
  const mac = (account: Account, id: string, expires: number, passwordHash: string) =>
    createHmac('sha256', deps.secret).update(`greencart-password-reset-v1 ${account} ${id} ${expires} ${passwordHash}`).digest();

  const token = (account: Account, row: Pick<AccountRow, 'id' | 'password_hash'>) => {
    const expires = Math.floor(now().getTime() / 1000) + RESET_LINK_MINUTES * 60;
    return `${account}.${row.id}.${expires}.${mac(account, row.id, expires, row.password_hash).toString('base64url')}`;
  };

  /** The id a token names for this account, and whether it still fits a password hash; undefined for no token of ours, or an expired one. */
  const read = (account: Account, text: string) => {
    // Exactly as made: Node's base64url decoder skips characters it does not know, and Number reads "0179…" (a probe
    // changed a link so and it still worked).
    const [kind, id, expiresText = '', signature = '', ...rest] = text.split('.');
    if (kind !== account || !id || !UUID.test(id) || !/^[1-9]\d{0,11}$/.test(expiresText) || !/^[\w-]{43}$/.test(signature) || rest.length > 0) return undefined;
    const expires = Number(expiresText);
    if (expires * 1000 <= now().getTime()) return undefined;
    const given = Buffer.from(signature, 'base64url');
    // The 43rd character carries 4 bits of the last byte: four spellings decode alike, only the one made is the link.
    if (given.toString('base64url') !== signature) return undefined;
    return { id, fits: (passwordHash: string) => timingSafeEqual(given, mac(account, id, expires, passwordHash)) };
  };

  const link = (account: Account, row: Pick<AccountRow, 'id' | 'password_hash'>) => `${deps.publicUrl}${RESET_PAGE}?token=${token(account, row)}`;

  const findRows = (tx: DbOrTx, account: Account, where: ReturnType<typeof sql>) =>
    queryRows<AccountRow>(tx, sql`select id, name, email, password_hash from ${accounts[account].table} where ${accounts[account].only} and ${where}`);

  return {
    /**
     * POST /api/user|seller/password/forgot: queues a link to the account with this e-mail, if there is one (at most
     * one per few minutes). The caller learns nothing either way: the route answers the same for any e-mail.
     */
    async request(account: Account, email: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked: asked for four times at once, the gap between links let three through (a race probe).
        const [row] = await findRows(tx, account, sql`lower(email) = lower(${email}) for no key update`);
        if (row) await queueResetMail(tx, account, row.id);
      });
    },

    /**
     * POST /api/user|seller/password/reset: sets the new password if the link is good, and ends every session of the
     * account (a password someone else knew is of no more use to them). The account's id, for the new session.
     */
    async reset(account: Account, input: PasswordResetInput): Promise<string> {
      const found = read(account, input.token);
      if (!found) throw resetLinkInvalid();
      // Argon2 before the row is locked: the lock is held for two short statements only.
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // FOR NO KEY UPDATE: no key changes, and two uses of one link take turns (the second sees the new hash).
        const [row] = await findRows(tx, account, sql`id = ${found.id} for no key update`);
        if (!row || !found.fits(row.password_hash)) throw resetLinkInvalid();
        await setPassword(tx, account, row, passwordHash);
      });
      return found.id;
    },

    /**
     * POST /api/user|seller/password/change: a signed-in account's new password, given its current one; every session of
     * the account ends (the route starts one for this browser). The operator's is the environment's (refused).
     */
    async change(account: Account, id: string, input: PasswordChangeInput, session: string): Promise<void> {
      const [before] = await findRows(db, account, sql`id = ${id}`);
      if (!before) throw operatorPassword();
      // A guess at the current password is a failed login of the session that sent it (`session`: its token's hash),
      // counted as a device token's are (10 in 15 minutes, decision 0097): a session in hand does not guess at full speed
      // (a probe); others failing to log in to the e-mail from the same network (an office, a carrier) never refuse the
      // owner here (another probe), nor does a stolen session's guessing refuse the owner's own session (a third).
      const signedIn = `session ${session}`;
      const attempt = await limiters[account].beginWithDevice(signedIn);
      if (attempt.refusal) throw tooManyFailedLogins(attempt.refusal);
      // Argon2 twice, before the row is locked; the hash is checked again under the lock (a reset or a change meanwhile).
      if (!(await verifyPassword(before.password_hash, input.currentPassword))) throw wrongCurrentPassword();
      await limiters[account].succeededWithDevice(signedIn);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const [row] = await findRows(tx, account, sql`id = ${id} for no key update`);
        if (!row || row.password_hash !== before.password_hash) throw wrongCurrentPassword();
        await setPassword(tx, account, row, passwordHash);
      });
    },

    /** The link of a queued mail to a shop (the shop mails' composer, seller-service.ts). */
    shopLink: (row: { id: string; passwordHash: string }) => link('seller', { id: row.id, password_hash: row.passwordHash }),

    /** The messages of queued mails to shoppers about their accounts (the mail sender's composer, 0083). */
    async composeQueuedMails(mails: QueuedAccountMail[]): Promise<(MailMessage | undefined)[]> {
      const rows = new Map((await findRows(db, 'user', sql`id = any(${sql.param(mails.map((mail) => mail.userId))}::uuid[])`)).map((row) => [row.id, row]));
      return mails.map((mail) => {
        const row = rows.get(mail.userId);
        if (!row) return undefined;
        return mail.kind === 'password-changed' ? passwordChangedEmail(row, deps.publicUrl) : passwordResetEmail(row, link('user', row));
      });
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;

/** The mail with the link that sets a new password, to a shopper or a shop (decision 0254). */
export function passwordResetEmail(to: { name: string; email: string; shopName?: string }, link: string): MailMessage {
  // A shop's mail names the shop (a probe: "your GreenCart account" did not say which login it was).
  const account = to.shopName === undefined ? 'your GreenCart account' : `your shop ${to.shopName} on GreenCart`;
  const lines = [
    `Hello ${to.name || 'there'},`,
    '',
    `Someone asked to set a new password for ${account}. To choose one, open this link:`,
    '',
    `  ${link}`,
    '',
    `The link works for ${RESET_LINK_MINUTES} minutes and once. Setting the password signs you out everywhere else.`,
    'If you did not ask, ignore this e-mail: your password stays as it is.',
  ];
  return { to: to.email, subject: 'GreenCart: set a new password', text: lines.join('\n') };
}

/** Word that the account's password was changed (a reset or a change), to its owner (decision 0254). */
export function passwordChangedEmail(to: { name: string; email: string; shopName?: string }, publicUrl: string): MailMessage {
  const account = to.shopName === undefined ? 'your GreenCart account' : `your shop ${to.shopName} on GreenCart`;
  const lines = [
    `Hello ${to.name || 'there'},`,
    '',
    `The password of ${account} was just changed, and every device signed in with the old one was signed out.`,
    '',
    `If it was not you, set a new password at once with "Forgot password?" on the login form at ${to.shopName === undefined ? publicUrl : `${publicUrl}/seller`},`,
    'and reply to this e-mail.',
  ];
  return { to: to.email, subject: 'GreenCart: your password was changed', text: lines.join('\n') };
}
