import { formatPrice, productPath, toMinor, type Product, type StockAlertListAnswer } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { QueuedAlertMail } from '../mail/mail-outbox-repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { findProductById } from '../products/product-repository.js';
import type { ProductService } from '../products/product-service.js';
import { lockUser } from '../users/user-repository.js';
import { claimRestock, countWaiting, deleteRestock, deleteStockAlert, findShoppers, findStockAlertsOf, hasStockAlert, insertStockAlert, queueBackInStockMails, requeueRestock } from './stock-alert-repository.js';

/** The alerts a shopper keeps at most (decision 0290): a new one past it drops the oldest, so asking never fails. */
export const STOCK_ALERT_LIMIT = 100;
/** The alerts of one product turned into mails per statement: a product thousands wait for is worked through in steps. */
export const RESTOCK_MAIL_BATCH = 500;
/**
 * How long one run of the job goes on taking steps (a few milliseconds each): an import putting back a thousand products
 * shoppers wait for is mailed in one run, not a product a step a minute; a run past it stops, and the next one goes on.
 */
const RESTOCK_RUN_MS = 20_000;

const productInStock = (name: string) => new AppError('PRODUCT_IN_STOCK', `${name} is in stock: add it to your cart`);

/**
 * "Tell me when it's back" (decision 0290): a shopper asks to hear when a product out of stock is sold again; when its
 * shop puts it back (a trigger queues it, db/functions/products_restocked.sql), a job mails each one waiting, once.
 */
export function createStockAlertService(deps: { db: Db; products: Pick<ProductService, 'byId' | 'forCart'>; publicUrl: string; currency: string }) {
  const { db } = deps;
  return {
    has: (userId: string, productId: string) => hasStockAlert(db, userId, productId),

    /**
     * The shopper's alert for a product sold now and out of stock (404 for one not sold, 409 for one in stock: it can
     * be bought). Under the shopper's row lock, as addresses: alerts asked at once cannot pass the limit together.
     * Whether it is new (asked again, it is the one there was), and the product's name.
     */
    async add(userId: string, productId: string): Promise<{ added: boolean; name: string }> {
      const product = await deps.products.byId(productId);
      if (product.inStock) throw productInStock(product.name);
      const added = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        return insertStockAlert(tx, userId, productId, STOCK_ALERT_LIMIT);
      });
      return { added, name: product.name };
    },

    remove: (userId: string, productId: string) => deleteStockAlert(db, userId, productId),

    /** The shopper's alerts, newest first, each with its product as sold now (none: no longer sold, its name kept). */
    async list(userId: string): Promise<StockAlertListAnswer['alerts']> {
      const alerts = await findStockAlertsOf(db, userId);
      const { products, gone } = await deps.products.forCart(alerts.map((alert) => alert.productId));
      const sold = new Map(products.map((product) => [product._id, product]));
      const names = new Map(gone.map((product) => [product._id, product.name]));
      return alerts.map(({ productId, askedAt }) => {
        const product = sold.get(productId);
        return { productId, name: product?.name ?? names.get(productId) ?? '', askedAt: askedAt.toISOString(), ...(product ? { product } : {}) };
      });
    },

    /** How many shoppers wait for each of the products: the seller's list shows it beside a product out of stock. */
    waitingFor: (productIds: string[]) => countWaiting(db, productIds),

    /**
     * The job (once a minute across instances, plugins/housekeeping.ts): each product put back in stock, if it is still
     * sold and in stock, has its waiting shoppers' alerts turned into mails, RESTOCK_MAIL_BATCH a transaction; one sold
     * out again (or retired, or its shop suspended) before the job came is dropped from the queue and its alerts wait for
     * the next time. Each step is one transaction holding the product's queue row: an instance running the job at the
     * same moment takes another product, never the same alerts. A product whose step fails goes to the back of the queue
     * and is left for the next run, so it holds up no other; the run then fails, naming how many did. The mails queued.
     */
    async mailRestocked(): Promise<number> {
      let queued = 0;
      const failed: { productId: string; error: unknown }[] = [];
      for (const until = Date.now() + RESTOCK_RUN_MS; Date.now() < until; ) {
        let claimed: string | undefined;
        try {
          const mails = await db.transaction(async (tx) => {
            claimed = await claimRestock(tx, failed.map((failure) => failure.productId));
            if (claimed === undefined) return undefined;
            const product = await findProductById(tx, claimed);
            const queuedNow = product?.inStock ? await queueBackInStockMails(tx, claimed, RESTOCK_MAIL_BATCH) : 0;
            if (queuedNow < RESTOCK_MAIL_BATCH) await deleteRestock(tx, claimed);
            return queuedNow;
          });
          if (mails === undefined) break;
          queued += mails;
        } catch (error) {
          if (claimed === undefined) throw error;
          failed.push({ productId: claimed, error });
          await requeueRestock(db, claimed);
        }
      }
      if (failed.length > 0) {
        throw new AggregateError(
          failed.map((failure) => failure.error),
          `back-in-stock mails: ${failed.length} product(s) failed and wait at the back of the queue (${failed.map((failure) => failure.productId).join(', ')}); ${queued} mails queued`,
        );
      }
      return queued;
    },

    /** The messages of queued back-in-stock mails (the mail sender's composer): none for a product no longer sold. */
    async composeQueuedMails(mails: QueuedAlertMail[]): Promise<(MailMessage | undefined)[]> {
      const [shoppers, { products }] = await Promise.all([findShoppers(db, [...new Set(mails.map((mail) => mail.userId))]), deps.products.forCart([...new Set(mails.map((mail) => mail.productId))])]);
      const sold = new Map(products.map((product) => [product._id, product]));
      return mails.map((mail) => {
        const shopper = shoppers.get(mail.userId);
        const product = sold.get(mail.productId);
        return shopper && product ? backInStockEmail(shopper, product, { publicUrl: deps.publicUrl, currency: deps.currency }) : undefined;
      });
    },
  };
}

export type StockAlertService = ReturnType<typeof createStockAlertService>;

/** The one mail of an alert: the product is back, its price and page; the alert ended with it. */
export function backInStockEmail(to: { name: string; email: string }, product: Product, options: { publicUrl: string; currency: string }): MailMessage {
  const lines = [
    `Hello ${to.name || 'there'},`,
    '',
    `${product.name} from ${product.seller.shopName} is back in stock at GreenCart, at ${formatPrice(toMinor(product.offerPrice), options.currency)}:`,
    '',
    `  ${options.publicUrl}${productPath(product.category, product._id)}`,
    '',
    'You asked us to tell you when it was back. We tell you once: if it sells out again before you order, ask again on its page.',
  ];
  return { to: to.email, subject: `Back in stock: ${product.name}`, text: lines.join('\n') };
}
