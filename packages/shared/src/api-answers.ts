import { z } from 'zod';
import { AddressSchema, OrderSchema, ProductSchema, REORDER_LEFT_OUT_REASONS, UserSchema } from './schemas.js';
import { SellerAccountSchema } from './shops.js';
import { checkoutAnswerFields } from './seller-money.js';

/**
 * The answers of the API calls that had no schema of their own (issue 27): each route declares one, the
 * OpenAPI document is generated from them, and the server's serializer writes exactly these keys, so
 * every key an answer carries is listed here, the spec's and the original client's alike.
 */

/**
 * `{ success: false, message, code, issues?, shortOfMinimum? }`: every refusal (error-codes.ts lists the codes). The
 * message is for a person; what a program needs to act on is a field of its own.
 */
export const ErrorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().meta({ description: 'A code of the shared catalogue (ERROR_CODES), or Fastify\'s own FST_… code' }),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: 'The fields that failed validation' }),
  shortOfMinimum: z
    .array(
      z.object({
        seller: z.string().meta({ description: "The shop's id" }),
        shopName: z.string(),
        minimum: z.number().meta({ description: "The shop's minimum order, in rupees" }),
        missing: z.number().meta({ description: 'How much more of the shop\'s goods the order needs, in rupees' }),
      }),
    )
    .optional()
    .meta({ description: 'BELOW_MINIMUM_ORDER: each shop of the order under its minimum' }),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>;
/** What a refusal tells a program beside its message (`AppError`'s `answer`). */
export type ErrorAnswerFields = Pick<ErrorAnswer, 'shortOfMinimum'>;

export const MessageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** Whether the shopper waits to hear that a product is back in stock (decision 0290): asked for, stopped, or read. */
export const StockAlertAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  alert: z.boolean().meta({ description: 'True while the shopper is to get an e-mail when the product is back in stock (once: the alert ends with it)' }),
});
export type StockAlertAnswer = z.infer<typeof StockAlertAnswerSchema>;

/** GET /api/product/alerts (decision 0290): the shopper's alerts, newest first, all of them (at most 100). */
export const StockAlertListAnswerSchema = z.object({
  success: z.literal(true),
  alerts: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      askedAt: z.string().meta({ description: 'When the shopper asked (ISO 8601)' }),
      product: ProductSchema.optional().meta({ description: 'The product as sold now; absent when it is no longer sold (its alert then waits in vain: stop it)' }),
    }),
  ),
  message: z.string(),
});
export type StockAlertListAnswer = z.infer<typeof StockAlertListAnswerSchema>;

export const HealthAnswerSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

// ---- sessions ----
export const UserAnswerSchema = z.object({ success: z.literal(true), user: UserSchema, message: z.string() });

/** A visitor is an answer, not an error (spec section 4): `success: false` with a 200. */
const NotLoggedInSchema = z.object({ success: z.literal(false), code: z.literal('NOT_AUTHENTICATED'), message: z.string() });
export const UserIsAuthAnswerSchema = z.union([z.object({ success: z.literal(true), user: UserSchema }), NotLoggedInSchema]);
/** `seller`: whose shop, its role and status, and why it may not write (issue 26). */
export const SellerIsAuthAnswerSchema = z.union([z.object({ success: z.literal(true), seller: SellerAccountSchema }), NotLoggedInSchema]);

// ---- cart and addresses ----
/** `outdated` and `cartItems` only when an order placed after the change kept the newer cart (decision 0093). */
export const CartUpdateAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  outdated: z.literal(true).optional(),
  cartItems: z.record(z.string(), z.number()).optional().meta({ description: 'The cart as kept: product id to quantity' }),
});
export const AddressAddedAnswerSchema = z.object({ success: z.literal(true), message: z.string(), address: AddressSchema });
export const AddressListAnswerSchema = z.object({ success: z.literal(true), addresses: z.array(AddressSchema), message: z.string() });

// ---- orders ----
/** `orderId` is the checkout's first shop order; `orders` lists one per shop (issue 26). */
export const CodOrderAnswerSchema = z.object({ success: z.literal(true), message: z.string(), orderId: z.string(), ...checkoutAnswerFields });
export const OnlineOrderAnswerSchema = z.object({
  success: z.literal(true),
  url: z.string().meta({ description: 'The payment page to send the shopper to: one payment for every shop order of the checkout' }),
  backUrl: z.string().meta({ description: "The store's way back from that page (a path): opened, it ends the checkout still waiting for its payment (what it held is given back) and lands on the cart" }),
  message: z.string(),
  orderId: z.string(),
  ...checkoutAnswerFields,
});
/** The spec's `order` and the same list as `orders` (docs/decisions/0098). */
export const MyOrdersAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(OrderSchema),
  order: z.array(OrderSchema),
  nextCursor: z.string().nullable(),
});

export const SellerSummarySchema = z.object({
  timeZone: z.string(),
  today: z.object({ date: z.string(), orders: z.number(), revenue: z.number() }),
  unpaidOnlineOrders: z.number(),
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number() })),
});
export const SellerOrderPageAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(OrderSchema),
  order: z.array(OrderSchema),
  nextCursor: z.string().nullable(),
  summary: SellerSummarySchema,
  message: z.string(),
});
export const OrderStatusAnswerSchema = z.object({ success: z.literal(true), message: z.string(), order: OrderSchema });

// ---- an order's life, the shopper's side (issue 28) ----
/** POST /api/order/cancel: the order as it is now (cancelled, refunded when it was paid by card). */
export const OrderCancelAnswerSchema = OrderStatusAnswerSchema;
export const BuyAgainAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductSchema).meta({ description: 'Products of the shopper\'s orders still sold, most often bought first' }),
  nextCursor: z.string().nullable(),
});
export const ReorderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cartItems: z.record(z.string(), z.number()).meta({ description: 'The whole cart after the order\'s lines were added: product id to quantity' }),
  leftOut: z.array(
    z.object({
      product: z.object({ _id: z.string(), name: z.string() }),
      reason: z.enum(REORDER_LEFT_OUT_REASONS),
      /** How many of the order's units went into the cart anyway (fewer-left, cart limits). */
      added: z.number(),
      message: z.string(),
    }),
  ),
});

// ---- seller's catalogue ----
export const ProductSavedAnswerSchema = z.object({ success: z.literal(true), message: z.string(), product: ProductSchema });
export const CatalogueListAnswerSchema = z.object({ success: z.literal(true), products: z.array(ProductSchema), message: z.string() });
