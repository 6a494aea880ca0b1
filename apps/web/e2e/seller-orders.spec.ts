import { SEARCH_TEXT_MAX } from '@greencart/shared';
import { saveAddress } from './support/checkout';
import { placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper } from './support/shop';
import { expect, test } from './support/test';

/** Issue 16: the seller works through the orders with filters and a search; My Orders shows each order's timeline. */

test('the seller filters the orders by buyer name, status, payment and day, finds one by its id, and exports what is shown @phone', async ({ page }, testInfo) => {
  await registerShopper(page);
  const lastName = `Filterby${Date.now().toString(36)}`;
  const addressId = await saveAddress(page, { firstName: 'Kavya', lastName });
  const [first, second] = await inStockProducts(page);
  const placed = await placeCodOrderByApi(page, [{ product: first!._id, quantity: 1 }], addressId);
  const packed = await placeCodOrderByApi(page, [{ product: second!._id, quantity: 2 }], addressId);
  await loginSeller(page);
  expect((await page.request.post('/api/order/status', { data: { orderId: packed.id, status: 'Packed' } })).ok()).toBe(true);

  // A link with a day that is none (edited by hand, cut short) lists as without it, not as a refused load (a probe).
  await page.goto('/seller/orders?from=2026-02-30&deliveryDay=garbage');
  await expect(page.getByRole('listitem', { name: `Order ${placed.number}` })).toBeVisible();
  await expect(page.getByText('Could not load the orders')).toHaveCount(0);
  await page.goto('/seller/orders');
  const filters = page.getByRole('search', { name: 'Filter orders' });
  const orders = page.getByRole('listitem', { name: /^Order / });
  // The count shown, in a live region: a screen reader hears what each filter left.
  const shown = page.getByRole('status').filter({ hasText: / shown$/ });
  await filters.getByLabel('Order ID, buyer, street or phone').fill(lastName.toLowerCase());
  await expect(orders).toHaveCount(2);
  await expect(shown).toHaveText('2 orders shown');
  await expect(page).toHaveURL(new RegExp(`q=${lastName.toLowerCase()}`));

  await filters.getByLabel('Status').selectOption('Packed');
  await expect(orders).toHaveCount(1);
  await expect(shown).toHaveText('1 order shown');
  await expect(page.getByRole('listitem', { name: `Order ${packed.number}` })).toBeVisible();

  await filters.getByLabel('Status').selectOption('');
  await filters.getByLabel('Payment').selectOption('Pending');
  await expect(orders).toHaveCount(2);
  await filters.getByLabel('Payment').selectOption('Refunded');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await expect(shown).toHaveText('0 orders shown');
  await filters.getByLabel('Payment').selectOption('');

  // Today in the shop's zone holds both; a day long past holds none. Days are typed as the shop writes them (en-IN).
  const today = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
  await filters.getByLabel('From').fill(today);
  await filters.getByLabel('To').fill(today);
  await expect(orders).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('seller-orders-filtered.png'), fullPage: true });
  const exported = await page.request.get((await filters.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await exported.text()).trim().split('\r\n');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([packed.id, placed.id]);
  // A range typed the wrong way round keeps the day just typed and lets go of the other end: the list stays, no error.
  await filters.getByLabel('To').fill('01/01/2020');
  await expect(filters.getByLabel('From')).toHaveValue('');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await expect(page.getByText(/Could not load the orders/)).toHaveCount(0);
  await filters.getByLabel('From').fill('01/01/2020');
  await filters.getByLabel('To').fill('01/01/2020');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();

  // Clear filters, then typing at once, before the page has caught up with the clear (in one task here, as a
  // busy phone may run them): the typing must not bring back the days the clear removed.
  const searchBox = filters.getByLabel('Order ID, buyer, street or phone');
  await filters.getByRole('button', { name: 'Clear filters' }).evaluate((clear, [box, text]) => {
    (clear as HTMLButtonElement).click();
    const input = box as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [await searchBox.elementHandle(), placed.id.slice(0, 8)] as const);
  await expect(page.getByRole('listitem', { name: `Order ${placed.number}` })).toBeVisible();
  await expect(filters.getByLabel('From')).toHaveValue('');
  await expect(page.getByRole('listitem', { name: `Order ${packed.number}` })).toHaveCount(0);

  // The filtered list survives a reload: it lives in the address.
  await page.reload();
  await expect(filters.getByLabel('Order ID, buyer, street or phone')).toHaveValue(placed.id.slice(0, 8));
  await expect(page.getByRole('listitem', { name: `Order ${placed.number}` })).toBeVisible();

  // Two letters cannot search names (trigrams): the empty list says so rather than that no order matches.
  await filters.getByLabel('Order ID, buyer, street or phone').fill('zq');
  await expect(page.getByText('No order ID starts with “zq”; names need 3+ letters.')).toBeVisible();

  // A pasted page of text stops at the 100 characters a search holds: the list stays (its summary and chart went
  // with "Could not load the orders: querystring.q: …": a probe).
  await filters.getByLabel('Order ID, buyer, street or phone').fill('x'.repeat(5000));
  await expect(filters.getByLabel('Order ID, buyer, street or phone')).toHaveValue('x'.repeat(SEARCH_TEXT_MAX));
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
});

test('My Orders shows the order’s timeline after the seller moves it forward @phone', async ({ page }, testInfo) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const { id: orderId, number: orderNumber } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);

  await page.goto('/my-orders');
  const timeline = page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([/^Order Placed/]);

  await loginSeller(page);
  await page.goto(`/seller/orders?q=${orderId}`);
  await page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByLabel(/^Status of order GC-\d+$/).selectOption('Processed');
  await expect(page.getByRole('status').filter({ hasText: 'Order status updated to Processed' })).toBeVisible();
  await page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByLabel(/^Status of order GC-\d+$/).selectOption('Packed');
  await expect(page.getByRole('status').filter({ hasText: 'Order status updated to Packed' })).toBeVisible();

  await page.goto('/my-orders');
  await expect(timeline.getByRole('listitem')).toHaveText([/^Order Placed/, /^Processed/, /^Packed/]);
  await expect(page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByText('Status : Packed')).toBeVisible();
  await page.getByRole('listitem', { name: `Order ${orderNumber}` }).screenshot({ path: testInfo.outputPath('my-orders-timeline.png') });
});

test('My Orders shows the newest 10 orders, then the older ones with Load more orders @phone', async ({ page }, testInfo) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  // Products whose units are not counted: other tests set counts that 9 units could exceed.
  const [first, second] = (await inStockProducts(page)).filter((p) => p.stock === null);
  const placed: string[] = [];
  // A different quantity each: the same order again within 10 minutes is the same checkout (0030).
  for (let quantity = 1; quantity <= 9; quantity++) placed.push((await placeCodOrderByApi(page, [{ product: first!._id, quantity }], addressId)).number);
  for (let quantity = 1; quantity <= 3; quantity++) placed.push((await placeCodOrderByApi(page, [{ product: second!._id, quantity }], addressId)).number);

  await page.goto('/my-orders');
  const orders = page.getByRole('main').getByRole('listitem', { name: /^Order / });
  await expect(orders).toHaveCount(10);
  await expect(orders.first()).toHaveAccessibleName(`Order ${placed.at(-1)}`);
  await page.getByRole('button', { name: 'Load more orders' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('my-orders-load-more.png') });
  await page.getByRole('button', { name: 'Load more orders' }).click();
  await expect(orders).toHaveCount(12);
  await expect(orders.last()).toHaveAccessibleName(`Order ${placed[0]}`);
  await expect(page.getByRole('button', { name: 'Load more orders' })).toBeHidden();
});

test('an open Orders screen shows a new order within half a minute, without a reload', async ({ page }) => {
  // The page's timers under the test's clock: half a minute passes at once.
  await page.clock.install();
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const earlier = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  await page.goto('/seller/orders');
  // The list has loaded (with the order placed before it opened).
  await expect(page.getByRole('listitem', { name: `Order ${earlier.number}` })).toBeVisible();
  // A shopper orders while the screen is open (the same browser holds both sessions); another basket, since the
  // same one within ten minutes is the first order again (decision 0030).
  const { number: orderNumber } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 2 }], addressId);
  const order = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(order).toHaveCount(0);
  await page.clock.runFor(31_000);
  await expect(order).toBeVisible();
});

test('arrow keys on an order’s status only choose it: Enter saves the one chosen, once; Keep or Escape leaves the order as it was', async ({ page }) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const { id: orderId, number: orderNumber } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  const statusCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/order/status')) statusCalls.push(request.postData() ?? '');
  });
  await page.goto(`/seller/orders?q=${orderId}`);
  const order = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  const status = order.getByLabel(/^Status of order GC-\d+$/);
  await status.focus();
  // Each press used to save a step (and mail the shopper): Processed, then Packed.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('Packed');
  await expect(order.getByRole('button', { name: 'Save status' })).toBeVisible();
  await order.getByRole('button', { name: 'Keep Order Placed' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveValue('Order Placed');
  expect(statusCalls).toEqual([]);
  // The buttons gone with the answer, the focus is back on the status (it was left on the page's body).
  await expect(status).toBeFocused();
  // Escape is Keep too, from the status or from the question's buttons (a keyboard probe's stayed open).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(status).toHaveValue('Order Placed');
  await expect(order.getByRole('button', { name: 'Save status' })).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await order.getByRole('button', { name: 'Save status' }).focus();
  await page.keyboard.press('Escape');
  await expect(status).toHaveValue('Order Placed');
  await expect(status).toBeFocused();
  expect(statusCalls).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await order.getByRole('button', { name: 'Save status' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Order status updated to Processed' })).toBeVisible();
  expect(statusCalls).toHaveLength(1);
  await expect(status).toBeFocused();
});

test('an online order whose payment has not arrived offers its seller only Cancelled, not steps the server refuses (a probe)', async ({ page }) => {
  await registerShopper(page);
  const address = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const placed = await page.request.post('/api/order/stripe', { data: { items: [{ product: product!._id, quantity: 1 }], address } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { orderId } = (await placed.json()) as { orderId: string };
  await loginSeller(page);
  await page.goto(`/seller/orders?q=${orderId}`);
  const status = page.getByRole('listitem', { name: /^Order GC-\d+$/ }).getByLabel(/^Status of order GC-\d+$/);
  await expect(status.getByRole('option')).toHaveText(['Order Placed', 'Cancelled']);
  // Its unit given back for the other tests (the shopper's session is still this browser's).
  const cancelled = await page.request.post('/api/order/cancel', { data: { orderId } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
});

test("the operator is not offered Delivered on an approved shop's cash order, which only the shop may mark (decision 0277)", async ({ page }) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  // A demo shop's product (the first start seeds two approved shops beside GreenCart's own).
  const product = (await inStockProducts(page)).find((p) => p.seller.slug !== 'greencart')!;
  const order = await placeCodOrderByApi(page, [{ product: product._id, quantity: 1 }], addressId);
  await loginSeller(page);
  await page.goto(`/seller/orders?q=${order.id}`);
  const status = page.getByRole('listitem', { name: `Order ${order.number}` }).getByLabel(`Status of order ${order.number}`);
  await expect(status.getByRole('option')).toHaveText(['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Cancelled']);
  // GreenCart's own shop's cash orders are its own to deliver.
  const own = (await inStockProducts(page)).find((p) => p.seller.slug === 'greencart')!;
  const ownOrder = await placeCodOrderByApi(page, [{ product: own._id, quantity: 1 }], addressId);
  await page.goto(`/seller/orders?q=${ownOrder.id}`);
  await expect(page.getByLabel(`Status of order ${ownOrder.number}`).getByRole('option')).toHaveText(['Order Placed', 'Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
});

test('a status change refused because another tab moved the order on shows the order as it now is (a probe)', async ({ page }) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const { id: orderId, number: orderNumber } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  await page.goto(`/seller/orders?q=${orderId}`);
  const order = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  const status = order.getByLabel(/^Status of order GC-\d+$/);
  await expect(status).toHaveValue('Order Placed');
  // Another tab (the same session) packs it meanwhile.
  expect((await page.request.post('/api/order/status', { data: { orderId, status: 'Packed' } })).ok()).toBe(true);
  await status.selectOption('Processed');
  await expect(page.getByText('Cannot change the order from Packed to Processed')).toBeVisible();
  await expect(status).toHaveValue('Packed');
});
