import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.js';
import { buildTestApp, createAddress, createProduct, createShopper, operatorId, SAMPLE_ADDRESS, type TestApp } from '../../test/test-app.js';
import { createShop } from '../../test/market-builders.js';
import { setDelivery } from '../../test/delivery-builders.js';
import { BUILT_IN_SIGNATURE } from './built-in-assistant.js';

/** POST /api/chat without GEMINI_API_KEY: the built-in assistant answers from the shop's own data. */
describe('POST /api/chat with the built-in assistant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ GEMINI_API_KEY: '', CURRENCY: '$' });
  });
  afterAll(() => t.close());

  const chat = (message: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/chat', payload: { message }, headers: cookie ? { cookie } : {} });

  it('answers a visitor with catalogue prices in the configured currency and says it is the built-in assistant', async () => {
    const product = await createProduct(t.app, { name: 'Heirloom Tomato 500g', category: 'Vegetables', price: 4, offerPrice: 3.25 });
    const res = await chat('tomato price?');
    expect(res.statusCode).toBe(200);
    const { reply, actions } = res.json();
    expect(reply).toContain(`[Heirloom Tomato 500g](/products/vegetables/${product.id}): **$ 3.25** (was $ 4)`);
    expect(reply).toContain(BUILT_IN_SIGNATURE);
    expect(actions).toEqual([]);
  });

  it('names the shops that deliver to a pincode: those listing it and those delivering everywhere, not the others (issue 28)', async () => {
    const pune = await createShop(t.app, { shopName: 'Pune Pantry' });
    const mumbai = await createShop(t.app, { shopName: 'Mumbai Mart' });
    await setDelivery(t.app, pune.cookie, { pincodes: ['411001'] });
    await setDelivery(t.app, mumbai.cookie, { pincodes: ['400001'] });
    const { reply } = (await chat('Do you deliver to 411 001?')).json();
    expect(reply).toMatch(/^These shops deliver to 411001: /);
    // The first shop keeps the spec's delivery to every address (decision 0139).
    expect(reply).toContain('**GreenCart**');
    expect(reply).toContain('**Pune Pantry**');
    expect(reply).not.toContain('Mumbai Mart');
  });

  it("answers what a shop sells with its page, found by its name in any case; a suspended shop's is not (a probe)", async () => {
    const shop = await createShop(t.app, { shopName: 'Sharma Fresh Farm' });
    const { reply } = (await chat('what does sharma fresh farm sell?')).json();
    expect(reply).toContain(`Everything [Sharma Fresh Farm](/shop/${shop.slug}) sells is on its page`);
    const closed = await createShop(t.app, { shopName: 'Shut Mart', status: 'suspended' });
    expect((await chat('what does Shut Mart sell?')).json().reply).not.toContain(`/shop/${closed.slug}`);
  });

  it("answers who sells a product with the approved shops that do, never a suspended one's (issue 26)", async () => {
    const farm = await createShop(t.app, { shopName: 'Hill Farm' });
    const closed = await createShop(t.app, { shopName: 'Closed Dairy', status: 'suspended' });
    const [ours, theirs] = [await createProduct(t.app, { name: 'Quince 1 kg', category: 'Fruits' }), await createProduct(t.app, { name: 'Wild Quince 500g', category: 'Fruits', sellerId: farm.id })];
    await createProduct(t.app, { name: 'Quince Jam', category: 'Fruits', sellerId: closed.id });
    const { reply } = (await chat('Who sells quince?')).json();
    expect(reply).toMatch(/^2 shops sell it:/);
    expect(reply).toContain(`- [GreenCart](/shop/greencart): [Quince 1 kg](/products/fruits/${ours.id})`);
    expect(reply).toContain(`- [Hill Farm](/shop/${farm.slug}): [Wild Quince 500g](/products/fruits/${theirs.id})`);
    expect(reply).not.toContain('Closed Dairy');
  });

  it('finds a product by its Hindi name, and what is named so too (decision 0220)', async () => {
    const potato = await createProduct(t.app, { name: 'Jyoti Potato 2 kg', category: 'Vegetables' });
    const bhujia = await createProduct(t.app, { name: 'Aloo Bhujia 200g', category: 'Instant' });
    const { reply } = (await chat('Who sells aloo?')).json();
    expect(reply).toContain(`[Jyoti Potato 2 kg](/products/vegetables/${potato.id})`);
    expect(reply).toContain(`[Aloo Bhujia 200g](/products/instant/${bhujia.id})`);
    // Looked up as typed, before the singular that would take the s off "anannas".
    const pineapple = await createProduct(t.app, { name: 'Queen Pineapple 1 pc', category: 'Fruits' });
    expect((await chat('anannas price?')).json().reply).toContain(`[Queen Pineapple 1 pc](/products/fruits/${pineapple.id})`);
  });

  it('answers "cheapest rice" with the cheapest rice in stock, not the first of the catalogue (more rice than the 50 candidates)', async () => {
    const start = Date.now();
    // 60 kinds of rice, each cheaper than the one before: the cheapest are the last in the catalogue's order.
    for (let i = 0; i < 60; i++) await createProduct(t.app, { name: `Kolam Rice No ${i}`, category: 'Grains', price: 10, offerPrice: 9.5 - i * 0.1, createdAt: new Date(start + i) });
    await createProduct(t.app, { name: 'Kolam Rice Broken', category: 'Grains', offerPrice: 1, inStock: false, createdAt: new Date(start + 60) });
    const { reply } = (await chat('What is the cheapest rice?')).json();
    const listed = [...(reply as string).matchAll(/^- \[([^\]]+)\]\([^)]+\): \*\*([^*]+)\*\*/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(listed).toEqual(['Kolam Rice No 59 $ 3.60', 'Kolam Rice No 58 $ 3.70', 'Kolam Rice No 57 $ 3.80', 'Kolam Rice No 56 $ 3.90', 'Kolam Rice No 55 $ 4', 'Kolam Rice No 54 $ 4.10']);
    // Asked plainly, the first of the catalogue as before.
    expect((await chat('kolam rice')).json().reply).toContain('- [Kolam Rice No 0]');
  });

  it("tells a logged-in shopper the status of their own orders", async () => {
    const { user, cookie } = await createShopper(t.app);
    const address = await createAddress(t.app, user.id);
    const [order] = await t.app.db
      .insert(orders)
      .values({ userId: user.id, sellerId: await operatorId(t.app), checkoutId: randomUUID(), addressId: address.id, address: SAMPLE_ADDRESS, subtotalMinor: 1000, taxMinor: 20, amountMinor: 1020, paymentType: 'Online', status: 'Dispatched', isPaid: true })
      .returning();
    await t.app.db.insert(orderItems).values({ orderId: order!.id, name: 'Basmati Rice 5 kg', category: 'Grains', unitPriceMinor: 1000, quantity: 1 });

    // By its number, as My Orders and the e-mails name it (the answer gave only its date).
    expect((await chat('where is my order', cookie)).json().reply).toContain(`- GC-${order!.orderNumber}, `);
    expect((await chat('where is my order', cookie)).json().reply).toContain('**Dispatched**, $ 10.20 (Online, paid): 1 x Basmati Rice 5 kg');
    expect((await chat('where is my order')).json().reply).toContain('Please log in to see your orders');

    // Asked by its number: this order; another shopper's number is none of theirs, and nothing of it is shown.
    expect((await chat(`status of GC-${order!.orderNumber}?`, cookie)).json().reply).toMatch(new RegExp(`^- GC-${order!.orderNumber}, .*\\*\\*Dispatched\\*\\*`));
    const other = await createShopper(t.app);
    const otherReply = (await chat(`where is GC-${order!.orderNumber}`, other.cookie)).json().reply as string;
    expect(otherReply).toMatch(new RegExp(`^I could not find order GC-${order!.orderNumber} among your orders\\. You have no orders yet`));
    expect(otherReply).not.toContain('Basmati');
  });

  it('helps a seller in the seller area with its screens, and proposes nothing for a cart (decision 0234)', async () => {
    const tomato = await createProduct(t.app, { name: 'Seller Area Tomato', category: 'Vegetables' });
    const asSeller = (message: string) => t.app.inject({ method: 'POST', url: '/api/chat', payload: { message, area: 'seller' } });
    const add = (await asSeller('How do I add a new product?')).json();
    expect(add.reply).toContain('[Add Product](/seller)');
    expect(add.reply).toContain(BUILT_IN_SIGNATURE);
    expect((await asSeller('where do I change an order status')).json().reply).toContain('[Orders](/seller/orders)');
    expect((await asSeller('how do I get paid? my balance')).json().reply).toContain('[Balance](/seller/balance)');
    expect((await asSeller('set my delivery pincodes')).json().reply).toContain('[Delivery](/seller/delivery)');
    // The operator's own screens (a probe was sent to Add Product and to Balance for these).
    expect((await asSeller('how do I approve a new seller')).json().reply).toContain('[Sellers](/seller/sellers)');
    expect((await asSeller('how do I change the commission')).json().reply).toContain('[Commission](/seller/commission)');
    expect((await asSeller('how do I record a payout to a shop')).json().reply).toContain('[Payouts](/seller/payouts)');
    // The shop's assistant would propose the tomato for the cart; the seller area's does not.
    const cart = (await asSeller(`add ${tomato.name} to cart`)).json();
    expect(cart.actions).toEqual([]);
    expect((await chat(`add ${tomato.name} to cart`)).json().actions).toEqual([{ type: 'addToCart', productId: tomato.id, name: tomato.name, quantity: 1, stock: null }]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hi', area: 'back-office' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
