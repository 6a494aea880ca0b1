import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OwnShopProfile, SellerAccount, SellerListItem, SellerListQuery, SellerRegisterInput, SellerStatusInput, ShopProfile, ShopProfileInput } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { findNewOrders, queueShopMail, type QueuedShopMail } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { findProductNames } from '../products/product-repository.js';
import type { ProductService } from '../products/product-service.js';
import { findPayoutsByIds } from '../settlement/settlement-repository.js';
import type { DeviceTokens, IssuedDevice } from '../users/device-token.js';
import { createPasswordLogin, systemLoginClock, type Credentials, type LoginClient, type LoginClock } from '../users/password-login.js';
import { passwordChangedEmail, passwordResetEmail, type PasswordReset } from '../users/password-reset.js';
import { commissionEmail, CONFIRMATION_LINK_HOURS, CONFIRMATION_RESEND_DAYS, NEW_ORDERS_LISTED, newOrdersEmail, orderByOperatorEmail, payoutEmail, productRemovedEmail, sellerAppliedEmail, sellerConfirmEmail, sellerStatusEmail, shopperCancelledEmail } from './seller-email.js';
import {
  expiredConfirmationLink,
  invalidConfirmationLink,
  operatorStatusFixed,
  sellerEmailTaken,
  sellerNotFound,
  shopNamePassesForOperator,
  shopNameTaken,
  shopNotFound,
  reasonRequired,
  unconfirmedApplication,
} from './seller-errors.js';
import {
  confirmSellerEmail,
  countApplicationsToDecide,
  findActedOrders,
  deleteLapsedApplications,
  findApprovedShop,
  findApprovedShopByName,
  findSellerByEmail,
  findOperator,
  findSellerById,
  findSellerPage,
  findSellersByIds,
  findSlugsLike,
  insertSeller,
  findShopNameHolder,
  lockShopName,
  updateSellerStatus,
  updateShopProfile,
  type SellerRow,
} from './seller-repository.js';
import { readsAsFirstShop, slugFor, withSuffix } from './shop-slug.js';

export const toSellerAccount = (row: SellerRow): SellerAccount => ({
  id: row.id,
  shopName: row.shopName,
  slug: row.slug,
  role: row.role,
  status: row.status,
  email: row.email,
  emailConfirmed: row.emailConfirmedAt !== null,
  statusReason: row.statusReason,
  declined: row.applicationDeclined,
});

const toOwnProfile = (row: SellerRow): OwnShopProfile => ({
  shopName: row.shopName,
  slug: row.slug,
  email: row.email,
  name: row.name,
  phone: row.phone,
  pickupAddress: row.pickupAddress,
  orderMails: row.orderMails,
});

const toSellerListItem = (row: SellerRow): SellerListItem => ({
  ...toSellerAccount(row),
  name: row.name,
  phone: row.phone,
  pickupAddress: row.pickupAddress,
  createdAt: row.createdAt.toISOString(),
  statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  renamedAt: row.renamedAt?.toISOString() ?? null,
  commissionPercent: row.commissionBps === null ? null : row.commissionBps / 100,
});

/** Tries at a free slug when two applications of the same name race for it (the unique index decides). */
const SLUG_ATTEMPTS = 5;

/**
 * The marketplace's shop accounts (issue 26): the separate seller login (spec sections 4-6, through the
 * shopper's password check with its own counters), applications with a confirmed e-mail, the operator's
 * approvals and suspensions, and a shop's public profile. Mails go through the durable outbox, queued in
 * the transaction of the action they tell about (docs/decisions/0083).
 */
export function createSellerService(deps: {
  db: Db;
  devices: DeviceTokens;
  clock?: LoginClock;
  /** The key the confirmation links are signed with (server_secrets, shared by every instance). */
  confirmSecret: Buffer;
  publicUrl: string;
  /** The shop's currency, for the amounts of payout mails. */
  currency: string;
  products: Pick<ProductService, 'invalidate'>;
  /** The link of a password-reset mail to a shop (decision 0254). */
  resetLink: PasswordReset['shopLink'];
}) {
  const { db } = deps;
  const checkPassword = createPasswordLogin(db, 'seller', (email) => findSellerByEmail(db, email), deps.devices, deps.clock);

  const clock = deps.clock ?? systemLoginClock;
  /**
   * The confirmation link's token: the shop's id, the second it stops working, and an HMAC of both with its
   * e-mail (docs/decisions/0116, 0235). It is composed when the mail is sent, so nothing secret is stored; a
   * changed e-mail voids it.
   */
  const signature = (row: Pick<SellerRow, 'id' | 'email'>, expires: string) =>
    createHmac('sha256', deps.confirmSecret).update(`greencart-seller-confirm-v2 ${row.id} ${expires} ${row.email.toLowerCase()}`).digest('base64url');
  const confirmToken = (row: SellerRow) => {
    const expires = String(Math.floor(clock.now().getTime() / 1000) + CONFIRMATION_LINK_HOURS * 3600);
    return `${row.id}.${expires}.${signature(row, expires)}`;
  };

  /** The first free slug of the shop's name: the name's own, else with the smallest free number (0116). */
  async function freeSlug(shopName: string): Promise<string> {
    const base = slugFor(shopName);
    const taken = new Set(await findSlugsLike(db, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(withSuffix(base, n))) return withSuffix(base, n);
  }

  return {
    /**
     * The seller, and the password hash checked (their session is made only while it stands: startSession); or an
     * AppError (401 bad credentials, 429 a client address or device token that keeps failing).
     */
    async login(input: Credentials, client: LoginClient): Promise<{ sellerId: string; device?: IssuedDevice; passwordHash: string }> {
      const { row, device } = await checkPassword(input, client);
      return { sellerId: row.id, device, passwordHash: row.passwordHash };
    },

    /** The signed-in seller as is-auth describes it, or undefined when the account is gone. */
    async account(sellerId: string): Promise<SellerAccount | undefined> {
      const row = await findSellerById(db, sellerId);
      return row && toSellerAccount(row);
    },

    /**
     * A new shop's application: pending, its e-mail not confirmed yet; the confirmation link is queued in
     * the same transaction. 409 when a seller account has this e-mail.
     */
    async register(input: SellerRegisterInput): Promise<SellerAccount> {
      // Checked first so the common case skips the Argon2 cost; the insert still guards a race.
      if (await findSellerByEmail(db, input.email)) throw sellerEmailTaken();
      if (readsAsFirstShop(input.shopName)) throw shopNamePassesForOperator(input.shopName);
      const holder = await findShopNameHolder(db, input.shopName);
      if (holder) throw shopNameTaken(input.shopName, holder);
      const passwordHash = await hashPassword(input.password);
      for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
        const slug = await freeSlug(input.shopName);
        const row = await db.transaction(async (tx) => {
          // Under the name's lock: another application or rename of the same name at once is seen, not repeated.
          await lockShopName(tx, input.shopName);
          const holding = await findShopNameHolder(tx, input.shopName);
          if (holding) throw shopNameTaken(input.shopName, holding);
          const inserted = await insertSeller(tx, {
            email: input.email,
            passwordHash,
            shopName: input.shopName,
            slug,
            name: input.name,
            phone: input.phone,
            pickupAddress: input.pickupAddress,
          });
          if (inserted) await queueShopMail(tx, inserted.id, { kind: 'seller-confirm' });
          return inserted;
        });
        if (row) return toSellerAccount(row);
        if (await findSellerByEmail(db, input.email)) throw sellerEmailTaken();
        const raced = await findShopNameHolder(db, input.shopName);
        if (raced) throw shopNameTaken(input.shopName, raced);
      }
      throw new AppError('DATABASE_BUSY', 'Many shops of this name are applying at once; please try again');
    },

    /**
     * The e-mailed link: confirms the shop's e-mail once (a second use is fine); 400 for a link that is not
     * one, or that expired before the e-mail was confirmed.
     */
    async confirm(token: string): Promise<SellerAccount> {
      const [id, expires, given] = token.split('.');
      const row = id && expires && given && /^[0-9a-f-]{36}$/.test(id) && /^\d{1,12}$/.test(expires) ? await findSellerById(db, id) : undefined;
      if (!row || !expires || !given) throw invalidConfirmationLink();
      const expected = Buffer.from(signature(row, expires));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw invalidConfirmationLink();
      if (row.emailConfirmedAt !== null) return toSellerAccount(row);
      if (Number(expires) * 1000 < clock.now().getTime()) throw expiredConfirmationLink();
      // Confirmed now: the application waits for the operator, who is told in the same transaction (sent iff it commits).
      const confirmed = await db.transaction(async (tx) => {
        const now = await confirmSellerEmail(tx, row.id);
        if (now?.status === 'pending') await queueShopMail(tx, row.id, { kind: 'seller-applied' });
        return now;
      });
      return toSellerAccount(confirmed ?? (await findSellerById(db, row.id)) ?? row);
    },

    /** The operator's list of applications and shops, oldest first, a page at a time, and how many applications wait for a decision. */
    async list(query: SellerListQuery): Promise<{ sellers: SellerListItem[]; nextCursor: string | null; pending: number }> {
      const [rows, pending] = await Promise.all([
        findSellerPage(db, { status: query.status, contains: query.q, after: query.cursor, limit: query.limit + 1 }),
        countApplicationsToDecide(db),
      ]);
      const page = rows.slice(0, query.limit);
      return { sellers: page.map(toSellerListItem), nextCursor: rows.length > query.limit ? page.at(-1)!.id : null, pending };
    },

    /**
     * The operator approves (or approves again) or suspends a shop, and the shop is e-mailed, in one
     * transaction. A suspended shop's products leave the storefront at once on every instance: its row's
     * change NOTIFYs the catalogue channel (migration 0019, decision 0118). Its orders stay. Setting the
     * status a shop already has with the same reason changes nothing and mails nothing. POST /api/seller/sellers/status:
     * answers the shop as it is now, and what was done in the words the operator is told.
     */
    async setStatus(input: SellerStatusInput): Promise<{ seller: SellerListItem; message: string }> {
      const reason = input.reason ? input.reason : null;
      const { row, done } = await db.transaction(async (tx) => {
        // Locked: three suspensions at once each mailed the shop (a race probe); the second now finds it suspended.
        const current = await findSellerById(tx, input.sellerId, true);
        if (!current) throw sellerNotFound();
        if (current.role === 'operator') throw operatorStatusFixed();
        if (input.status === 'approved' && current.emailConfirmedAt === null) throw unconfirmedApplication();
        // Suspending an application (or a declined one again, with another reason) declines it: never approved.
        const declined = input.status === 'suspended' && (current.status === 'pending' || current.applicationDeclined);
        // A shop approved again after a suspension is told its suspension is lifted, not that it is newly approved (a probe).
        const reinstated = input.status === 'approved' && current.status === 'suspended' && !current.applicationDeclined;
        const done: 'approved' | 'reinstated' | 'suspended' | 'declined' = declined ? 'declined' : reinstated ? 'reinstated' : input.status;
        // Never without telling the seller why (decision 0229), in the words of what is done (0252: declining is not suspending).
        if (input.status === 'suspended' && !reason) throw reasonRequired(declined);
        if (current.status === input.status && current.statusReason === reason) return { row: current, done };
        const updated = await updateSellerStatus(tx, current.id, input.status, reason, declined);
        await queueShopMail(tx, current.id, { kind: 'seller-status', status: done });
        return { row: updated!, done };
      });
      deps.products.invalidate(true);
      const message = { approved: 'Shop approved', reinstated: 'Shop reinstated', suspended: 'Shop suspended', declined: 'Application declined' }[done];
      return { seller: toSellerListItem(row), message };
    },

    /** An approved shop's public profile (GET /api/seller/shop/:slug); its products come from the search with ?seller=. */
    async shop(slug: string): Promise<ShopProfile> {
      const row = await findApprovedShop(db, slug);
      if (!row) throw shopNotFound();
      return { id: row.id, shopName: row.shopName, slug: row.slug, since: row.createdAt.toISOString() };
    },

    /** An approved shop named so, in any letter case (the assistant's "what does X sell"), or undefined. */
    async shopNamed(shopName: string): Promise<ShopProfile | undefined> {
      const row = await findApprovedShopByName(db, shopName);
      return row && { id: row.id, shopName: row.shopName, slug: row.slug, since: row.createdAt.toISOString() };
    },

    /** GET /api/seller/profile: the signed-in shop's own profile. */
    async profile(sellerId: string): Promise<OwnShopProfile> {
      const row = await findSellerById(db, sellerId);
      if (!row) throw sellerNotFound();
      return toOwnProfile(row);
    },

    /**
     * POST /api/seller/profile: the shop changes its name, phone and pickup address (docs/decisions/0171). Its slug
     * stays, so its links keep working. A new name reaches every instance's catalogue through the row's NOTIFY (0019).
     */
    async updateProfile(sellerId: string, input: ShopProfileInput): Promise<OwnShopProfile> {
      // The operator's own shop may keep (or take back) its name; no other shop may pass for it.
      if (readsAsFirstShop(input.shopName) && (await findSellerById(db, sellerId))?.role !== 'operator') throw shopNamePassesForOperator(input.shopName);
      const row = await db.transaction(async (tx) => {
        // Under the name's lock: another application or rename of the same name at once is seen, not repeated.
        await lockShopName(tx, input.shopName);
        const holder = await findShopNameHolder(tx, input.shopName, sellerId);
        if (holder) throw shopNameTaken(input.shopName, holder);
        return updateShopProfile(tx, sellerId, input);
      });
      if (!row) throw sellerNotFound();
      deps.products.invalidate(true);
      return toOwnProfile(row);
    },

    /** Hourly (housekeeping): applications never confirmed whose last link lapsed give their name and e-mail back. */
    purgeLapsedApplications: (): Promise<number> => deleteLapsedApplications(db, new Date(clock.now().getTime() - CONFIRMATION_LINK_HOURS * 3600 * 1000)),

    /**
     * POST /api/seller/confirm/resend: queues a new confirmation link when an application with this e-mail is not
     * confirmed yet and was made in the last CONFIRMATION_RESEND_DAYS. The caller learns nothing either way (the same answer), so the call tells no one which
     * e-mails have shops; the route's rate limit bounds the mails one address can cause.
     */
    async resendConfirmation(email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findSellerByEmail(tx, email);
        if (!row || row.emailConfirmedAt !== null) return;
        // An application older than CONFIRMATION_RESEND_DAYS gets no new link: its hold on the name and e-mail lapses
        // with the last one (whoever applied could keep a brand's name, or another's e-mail, by asking every 3 days).
        if (clock.now().getTime() < row.createdAt.getTime() + CONFIRMATION_RESEND_DAYS * 24 * 3600 * 1000) await queueShopMail(tx, row.id, { kind: 'seller-confirm' });
      });
    },

    /** The messages of queued shop mails, composed from the shops as they are now (the mail sender's, 0083). */
    async composeQueuedMails(mails: QueuedShopMail[]): Promise<(MailMessage | undefined)[]> {
      const rows = new Map((await findSellersByIds(db, [...new Set(mails.map((mail) => mail.sellerId))])).map((row) => [row.id, row]));
      const productNames = await findProductNames(db, [...new Set(mails.flatMap((mail) => (mail.kind === 'product-removed' ? [mail.productId] : [])))]);
      const operator = mails.some((mail) => mail.kind === 'seller-applied') ? await findOperator(db) : undefined;
      const acted = new Map(
        (await findActedOrders(db, mails.flatMap((mail) => (mail.kind === 'order-by-operator' || mail.kind === 'order-by-shopper' ? [mail.orderId] : [])))).map((row) => [row.id, row]),
      );
      const payouts = new Map((await findPayoutsByIds(db, mails.flatMap((mail) => (mail.kind === 'payout' ? [mail.payoutId] : [])))).map((row) => [row.id, row]));
      // The orders of each new-orders mail (a shop or two a minute): read as they are now, one indexed read each.
      const newOrders = new Map(
        await Promise.all(mails.flatMap((mail) => (mail.kind === 'new-orders' ? [findNewOrders(db, mail.sellerId, mail, NEW_ORDERS_LISTED).then((found) => [mail.id, found] as const)] : []))),
      );
      return mails.map((mail) => {
        const row = rows.get(mail.sellerId);
        if (!row) return undefined;
        if (mail.kind === 'seller-confirm') return sellerConfirmEmail(row, `${deps.publicUrl}/api/seller/confirm?token=${confirmToken(row)}`);
        if (mail.kind === 'password-reset') return passwordResetEmail(row, deps.resetLink(row));
        if (mail.kind === 'password-changed') return passwordChangedEmail(row, deps.publicUrl);
        if (mail.kind === 'seller-applied') return operator && sellerAppliedEmail(row, operator, { publicUrl: deps.publicUrl });
        if (mail.kind === 'commission') return commissionEmail(row, mail, { publicUrl: deps.publicUrl });
        if (mail.kind === 'new-orders') {
          const found = newOrders.get(mail.id)!;
          // Every one cancelled since: nothing new to tell.
          return found.total === 0 ? undefined : newOrdersEmail(row, found, { publicUrl: deps.publicUrl, currency: deps.currency });
        }
        if (mail.kind === 'payout') {
          const payout = payouts.get(mail.payoutId);
          return payout && payoutEmail(row, payout, { publicUrl: deps.publicUrl, currency: deps.currency });
        }
        if (mail.kind === 'order-by-operator') {
          const order = acted.get(mail.orderId);
          return order && orderByOperatorEmail(row, order, mail.action, { publicUrl: deps.publicUrl, currency: deps.currency });
        }
        if (mail.kind === 'order-by-shopper') {
          // Told as the shop's order mails are: not when it turned them off (its list says it).
          const order = acted.get(mail.orderId);
          return order && row.orderMails ? shopperCancelledEmail(row, order, { publicUrl: deps.publicUrl, currency: deps.currency }) : undefined;
        }
        if (mail.kind === 'product-removed') {
          const name = productNames.get(mail.productId);
          return name === undefined ? undefined : productRemovedEmail(row, { name, reason: mail.note }, { publicUrl: deps.publicUrl });
        }
        return sellerStatusEmail(row, mail.status, { publicUrl: deps.publicUrl });
      });
    },
  };
}

export type SellerService = ReturnType<typeof createSellerService>;
