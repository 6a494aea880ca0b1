import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products, users } from './index.js';

/**
 * "Tell me when it's back" (docs/decisions/0290): a shopper's wish to hear when an out-of-stock product is sold
 * again, kept until the mail is queued (it is then deleted) or the shopper stops it. At most STOCK_ALERT_LIMIT per
 * shopper: the oldest gives way to a new one.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // By product (the mails of a restock); by shopper, oldest first (the limit, a shopper's own, a shopper deleted).
  (t) => [primaryKey({ columns: [t.productId, t.userId] }), index('stock_alerts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Products put back in stock while shoppers waited for them: one row each, written by the `products_restocked` trigger
 * (db/functions/products_restocked.sql) in the transaction that put it back, and worked through by a job that turns
 * each waiting shopper's alert into a mail (decision 0290).
 */
export const restocks = pgTable(
  'restocks',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
