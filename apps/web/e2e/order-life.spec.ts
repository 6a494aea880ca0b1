import { addressLine, SAMPLE_ADDRESS, saveAddress, saveServerCart } from './support/checkout';
import { checkScreen, shoot } from './support/marketplace';
import { addProductByApi, placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper } from './support/shop';
import { waitForHydration } from './support/storefront';
import { expect, test, type Page } from './support/test';

/** Issue 28, an order's life from the shopper's side: numbers, cancelling in My Orders, buying again, unit prices. */

/** A product of the first shop, counted, with a net quantity, added through the seller's API. */
async function sellerProduct(page: Page, fields: { name: string; offerPrice: number; stock: number; netQuantity: { amount: number; unit: string } }) {
  await loginSeller(page);
  return addProductByApi(page, { price: fields.offerPrice + 10, ...fields });
}

test('a shopper cancels an order that is not packed yet from My Orders, after confirming, saying why; the timeline says who cancelled @phone', async ({ page }) => {
  // Screenshots at two widths (and axe on the new screens) take most of the time on a shared 2-core machine.
  test.slow();
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [first] = await inStockProducts(page);
  const { number } = await placeCodOrderByApi(page, [{ product: first!._id, quantity: 1 }], addressId);

  await page.goto('/my-orders');
  await waitForHydration(page);
  const card = page.getByRole('listitem', { name: `Order ${number}` });
  // The order is a heading and its items headings under it (a screen reader moving by headings heard product names only).
  await expect(card.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
  await expect(card.getByRole('heading', { level: 3, name: first!.name })).toBeVisible();
  // Named with its order to a screen reader going from button to button (every one said "Cancel order": a probe).
  await expect(card.getByRole('button', { name: `Cancel order ${number}`, exact: true })).toBeVisible();
  await shoot(page, 'my-orders-cancel-button');

  await card.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = card.getByRole('group', { name: 'Confirm cancelling this order' });
  // The question takes the focus the pressed button had (it was left on the page's body), on its safe answer: Enter
  // pressed twice or held keeps the order (it cancelled it when "Yes" had the focus: a probe).
  await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
  // Changing one's mind keeps the order.
  // From the keyboard, the answer's buttons gone, the focus goes back to the button that asked, not the page's body.
  await page.keyboard.press('Enter');
  await expect(card.getByText('Status : Order Placed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  // Escape puts the question away too, the order kept (Escape, then Enter on the focused "Yes", cancelled it: a probe).
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await checkScreen(page, 'my-orders-cancel-confirm');
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Yes, cancel order' })).toBeFocused();
  // Why, for the shop (decision 0288): optional, before the answers.
  await confirm.getByRole('combobox', { name: 'Why? (optional, for the shop)' }).selectOption('Ordered by mistake');
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Order cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Reason : Ordered by mistake')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order again' })).toBeFocused();
  // Pressed from the keyboard, it keeps the focus while it works (it was disabled meanwhile and lost it).
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to your cart', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order again' })).toBeFocused();
  await expect(card.getByText('Status : Cancelled')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Order timeline' }).getByText('Cancelled by you')).toBeVisible();
  // Its total is struck through: nothing of it is paid (a probe read it as owed).
  await expect(card.getByRole('deletion')).toHaveText(/^Rs [\d,.]+$/);
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await shoot(page, 'my-orders-cancelled');
});

test('a packed order offers no cancel, and the seller finds an order by its number', async ({ page }) => {
  // Screenshots at two widths (and axe on the new screens) take most of the time on a shared 2-core machine.
  test.slow();
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [first] = await inStockProducts(page);
  const { id: orderId, number } = await placeCodOrderByApi(page, [{ product: first!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  expect((await page.request.post('/api/order/status', { data: { orderId, status: 'Packed' } })).ok()).toBe(true);

  await page.goto('/my-orders');
  await waitForHydration(page);
  const card = page.getByRole('listitem', { name: `Order ${number}` });
  await expect(card.getByText('Status : Packed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Order again' })).toBeVisible();

  await page.goto('/seller/orders');
  await page.getByRole('search', { name: 'Filter orders' }).getByLabel('Order ID, buyer, street or phone').fill(number);
  const found = page.getByRole('listitem', { name: /^Order / });
  await expect(found).toHaveCount(1);
  await expect(found.first()).toHaveAccessibleName(`Order ${number}`);
  await expect(found.first().getByText(number)).toBeVisible();
  await shoot(page, 'seller-orders-number');
});

test('"Order again" puts a past order back in the cart and says what was left out; Buy again lists what the shopper bought @phone', async ({ page }) => {
  // Screenshots at two widths (and axe on the new screens) take most of the time on a shared 2-core machine.
  test.slow();
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [staple] = await inStockProducts(page);
  const figs = await sellerProduct(page, { name: `Reorder Figs ${Date.now().toString(36)}`, offerPrice: 60, stock: 3, netQuantity: { amount: 250, unit: 'g' } });
  const { number } = await placeCodOrderByApi(page, [{ product: staple!._id, quantity: 2 }, { product: figs._id, quantity: 1 }], addressId);
  // The figs sell out after the order.
  expect((await page.request.post('/api/product/stock', { data: { id: figs._id, stock: 0 } })).ok()).toBe(true);

  await page.goto('/my-orders');
  await waitForHydration(page);
  await page.getByRole('listitem', { name: `Order ${number}` }).getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByText(`Added to your cart, except: ${figs.name} is out of stock`)).toBeVisible();
  // The cart in the browser follows at once: the badge counts the 2 units put back.
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(staple!.name).first()).toBeVisible();
  await expect(page.getByText(figs.name)).toHaveCount(0);

  // Buy again: the row on the home page and the page, most often bought first, only what is sold and in stock.
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Buy again' }).getByRole('article', { name: staple!.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Buy again' }).getByRole('article', { name: figs.name })).toHaveCount(0);
  // The figs are back.
  expect((await page.request.post('/api/product/stock', { data: { id: figs._id, stock: 3 } })).ok()).toBe(true);
  await page.goto('/');
  await waitForHydration(page);
  const row = page.getByRole('region', { name: 'Buy again' });
  await expect(row.getByRole('article', { name: staple!.name })).toBeVisible();
  await expect(row.getByRole('article', { name: figs.name })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shoot(page, 'home-buy-again');
  await row.getByRole('link', { name: 'See all' }).click();
  await expect(page.getByRole('heading', { name: 'Buy again', level: 1 })).toBeVisible();
  const figsCard = page.getByRole('article', { name: figs.name });
  // The unit price beside the price: 250 g at Rs 60 is Rs 240 a kg.
  await expect(figsCard.getByText('250 g · Rs 240/kg')).toBeVisible();
  await checkScreen(page, 'buy-again-page');
});

test('the product page shows the unit price beside the price', async ({ page }) => {
  // Screenshots at two widths (and axe on the new screens) take most of the time on a shared 2-core machine.
  test.slow();
  await registerShopper(page);
  const figs = await sellerProduct(page, { name: `Unit Price Figs ${Date.now().toString(36)}`, offerPrice: 72, stock: 9, netQuantity: { amount: 6, unit: 'pcs' } });
  await page.goto(`/products/fruits/${figs._id}`);
  await waitForHydration(page);
  await expect(page.getByText('6 pcs · Rs 12/pc')).toBeVisible();
  await checkScreen(page, 'product-page-unit-price');
  await page.goto('/products/fruits');
  await waitForHydration(page);
  await shoot(page, 'product-cards-unit-price');
});

test('a cart holding only products sold out since says so on Place Order, not that the cart is empty', async ({ page }) => {
  await registerShopper(page);
  await saveAddress(page);
  const figs = await sellerProduct(page, { name: `Sold-out Figs ${Date.now().toString(36)}`, offerPrice: 60, stock: 2, netQuantity: { amount: 250, unit: 'g' } });
  await saveServerCart(page, { [figs._id]: 1 });
  expect((await page.request.post('/api/product/stock', { data: { id: figs._id, stock: 0 } })).ok()).toBe(true);
  await page.goto('/cart');
  await waitForHydration(page);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  // The address has loaded (clicked before, the cart asked for one first).
  await expect(summary.getByText(addressLine(SAMPLE_ADDRESS))).toBeVisible();
  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(`Not available: ${figs.name}. Remove it from your cart to continue.`)).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
});

test('a shopper whose cancel would leave a coupon’s checkout under its minimum is offered the whole checkout instead @phone', async ({ page }) => {
  const products = (await inStockProducts(page)) as (Awaited<ReturnType<typeof inStockProducts>>[number] & { seller: { id: string } })[];
  const first = products.find((p) => p.stock === null)!;
  const second = products.find((p) => p.stock === null && p.seller.id !== first.seller.id)!;
  // A platform coupon neither shop's line reaches alone (each at least Rs 0.01, so the two together do).
  const code = `BOTH${Date.now().toString(36).toUpperCase()}`;
  await loginSeller(page);
  const minimum = Math.round(Math.max(first.offerPrice, second.offerPrice) * 100 + 1) / 100;
  expect((await page.request.post('/api/seller/coupons', { data: { code, type: 'amount', value: 0.01, minSubtotal: minimum } })).ok()).toBe(true);
  await registerShopper(page);
  const address = await saveAddress(page);
  const placed = await page.request.post('/api/order/cod', { data: { items: [first, second].map((p) => ({ product: p._id, quantity: 1 })), address, coupon: code } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orders = ((await (await page.request.get('/api/order/user')).json()) as { orders: { orderNumber: string; status: string }[] }).orders;

  await page.goto('/my-orders');
  await waitForHydration(page);
  const card = page.getByRole('listitem', { name: `Order ${orders[0]!.orderNumber}` });
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = card.getByRole('group', { name: 'Confirm cancelling this order' });
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
  // Refused alone, with the reason; the question becomes the whole checkout's.
  await expect(page.getByText(`under the Rs ${minimum} that coupon ${code} needs`)).toBeVisible();
  await expect(confirm.getByText('Cancel every order of this checkout?')).toBeVisible();
  await expect(card.getByText('Status : Order Placed')).toBeVisible();
  await checkScreen(page, 'my-orders-cancel-whole-checkout');
  await confirm.getByRole('button', { name: 'Yes, cancel all' }).click();
  await expect(page.getByText('Order cancelled', { exact: true })).toBeVisible();
  for (const order of orders) await expect(page.getByRole('listitem', { name: `Order ${order.orderNumber}` }).getByText('Status : Cancelled')).toBeVisible();
});
