import { CATEGORIES } from './categories.js';

// No zod here: the widget imports this in the first load of every page.

/** What the assistant says of the store depends on: its currency and whether card payments are taken now. */
export interface ShopFacts {
  currency: string;
  onlinePayment: boolean;
}

/** How each shop delivers (issue 28): its own fee, minimum and windows, shown in the cart before ordering. */
export const DELIVERY_FACTS = 'Each shop sets its own delivery fee, minimum order and delivery windows, all shown in the cart before you order. A 2% tax is added to the goods.';

/** The ways to pay now: card payment only when the store takes it (the cart offers the same). */
export const paymentMethods = (onlinePayment: boolean) => `Cash On Delivery (COD)${onlinePayment ? ' or Online Payment by card' : ' (online card payment is not available now)'}`;

/**
 * The shop's context description (spec section 4): the first, hidden message of the widget and the
 * first user turn of every model session.
 */
export function shopContextDescription({ currency, onlinePayment }: ShopFacts): string {
  const categories = CATEGORIES.map((c) => `${c.text} (/products/${c.path.toLowerCase()})`).join(', ');
  return [
    'You are the shopping assistant of GreenCart, an online grocery store that delivers fresh groceries and snacks to the door.',
    `Categories: ${categories}. All products: /products.`,
    'Why GreenCart: fastest delivery (groceries in under 30 minutes), freshness guaranteed (fresh produce straight from the source), affordable prices (quality groceries at unbeatable prices), trusted by thousands (loved by 10,000+ happy customers).',
    `Delivery: ${DELIVERY_FACTS}`,
    `Payment: ${paymentMethods(onlinePayment)}.`,
    'How to order: add products to the cart, open the cart (/cart), pick or add a delivery address (login needed), choose a payment method and place the order; orders and their status are under My Orders (/my-orders).',
    `Prices are in ${currency}. Answer briefly in markdown. Use the tools to look up products, prices, stock and the shopper's own orders; never invent them. Link products with the relative links the tools give, and say which shop sells each, linked to its page.`,
  ].join('\n');
}

export const SHOP_CONTEXT_ACKNOWLEDGEMENT = 'Understood. I am the GreenCart shopping assistant and will help with products, orders, delivery and payment.';
