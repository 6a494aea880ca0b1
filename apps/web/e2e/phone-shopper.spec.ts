import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { saveAddress } from './support/checkout';
import { addProductByApi, placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper, seedVisitorCart } from './support/shop';
import { expectNoHorizontalScroll, productCards } from './support/storefront';
import { expect, test } from './support/test';

/** Issue 25, item 9: what a shopper and a seller trip over on a 390 px phone, and the shop's dates (en-IN). */

const onPhoneOnly = (projectName: string) => test.skip(projectName !== 'phone', 'a phone layout');

test('on a phone the header’s Search button opens a field that searches like the desktop box @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  await page.goto('/');
  const header = page.getByRole('banner');
  // The desktop box (large screens only, spec section 2) stays hidden on a phone.
  await expect(header.getByRole('searchbox')).toHaveCount(0);
  const open = header.getByRole('button', { name: 'Search', exact: true });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const field = header.getByRole('searchbox', { name: 'Search products' });
  await expect(field).toBeFocused();
  await field.pressSequentially('tomato');
  await expect(page).toHaveURL(/\/products\?q=tomato$/);
  await expect(page.getByRole('link', { name: /Tomato 1 kg/ }).first()).toBeVisible();
  await expect(field).toHaveValue('tomato');
  await page.screenshot({ path: testInfo.outputPath('phone-search.png') });
  // Escape folds the field away again.
  await field.press('Escape');
  await expect(header.getByRole('searchbox')).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('on a desktop the header keeps the spec’s search box and shows no Search button', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a desktop layout');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Search', exact: true })).toBeHidden();
});

/** Where the chat toggle is drawn, or null while it has stepped aside (see-through, or off the screen). */
async function shownChatToggle(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open chat' });
  const shown = await toggle.evaluate((el) => Number(getComputedStyle(el).opacity) > 0.05);
  const box = await toggle.boundingBox();
  const viewport = page.viewportSize()!;
  return shown && box && box.y < viewport.height ? box : null;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Waits for the page to stop scrolling (no move for three frames: a wheel's scroll may run over several), for the
 * frame after, in which the toggle has checked what lies under it and been drawn again, and for its fade (a CSS
 * transition) to end, if one began. A fixed 300 ms wait at each stop took most of these tests' time.
 */
async function scrollAndFadeEnded(page: Page) {
  await page.getByRole('button', { name: 'Open chat' }).evaluate(async (toggle) => {
    const frame = () => new Promise(requestAnimationFrame);
    for (let still = 0, y = scrollY; still < 3; ) {
      await frame();
      still = scrollY === y ? still + 1 : 0;
      y = scrollY;
    }
    await frame();
    await Promise.all(toggle.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Scrolls the page from top to bottom and back in steps a thumb would take, and at every stop checks
 * that the chat toggle covers none of `targets` (those on screen). Returns how often the toggle showed.
 */
async function expectChatToggleClearOf(page: Page, targets: Locator, maxScroll = Infinity) {
  test.setTimeout(120_000);
  let shownStops = 0;
  const check = async (where: string) => {
    await scrollAndFadeEnded(page);
    const toggle = await shownChatToggle(page);
    if (!toggle) return;
    shownStops++;
    const boxes = await targets.evaluateAll((elements) =>
      elements.map((e) => ({ text: e.textContent, ...e.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number } })),
    );
    for (const box of boxes.filter((b) => b.width > 0)) {
      expect(overlaps(toggle, box), `chat toggle ${JSON.stringify(toggle)} covers ${JSON.stringify(box)} ${where}`).toBe(false);
    }
  };
  await page.mouse.move(200, 400);
  await check('at the top');
  const height = Math.min(maxScroll, await page.evaluate(() => document.documentElement.scrollHeight - innerHeight));
  for (let y = 0; y < height; y += 170) {
    await page.mouse.wheel(0, 170);
    await check(`scrolling down near ${y}`);
  }
  for (let y = height; y > 0; y -= 230) {
    await page.mouse.wheel(0, -230);
    await check(`scrolling up near ${y}`);
  }
  return shownStops;
}

test('on a 1200 px screen the chat toggle shows on a short page, at its top and its end: no footer link runs under it (a probe)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a desktop layout');
  await page.setViewportSize({ width: 1200, height: 900 });
  for (const path of ['/cart', '/contact']) {
    await page.goto(path);
    await scrollAndFadeEnded(page);
    expect(await shownChatToggle(page), `${path}, top`).not.toBeNull();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await scrollAndFadeEnded(page);
    expect(await shownChatToggle(page), `${path}, end`).not.toBeNull();
  }
});

test('on a phone the chat toggle never covers the cart’s prices, shipping fee and total, nor a line’s “not included” note, and shows at the page’s end @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  const products = await inStockProducts(page);
  // A line the shop no longer sells, last: its note was under the toggle at the end of the list (a probe).
  await seedVisitorCart(page, { ...Object.fromEntries(products.slice(0, 4).map((p) => [p._id, 2])), [randomUUID()]: 1 });
  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Shipping Fee')).toBeVisible();
  await expect(page.getByText('Unavailable: not included in the total')).toBeVisible();
  const figures = page.locator('main').getByText(/^Rs \d|not included in the total$/).or(summary.getByRole('definition'));
  await expect(figures.first()).toBeAttached();
  const shownStops = await expectChatToggleClearOf(page, figures);
  expect(shownStops).toBeGreaterThan(0);

  // At the very end of the page there is room for it, so it shows there and covers no text.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await scrollAndFadeEnded(page);
  const toggle = await shownChatToggle(page);
  expect(toggle).not.toBeNull();
  const copyright = await page.getByText(/^Copyright/).boundingBox();
  expect(overlaps(toggle!, copyright!)).toBe(false);
});

test('on a phone the chat toggle never covers prices, buttons (Add, Buy now) or links (See all, Sold by) on the home page, the product list and the product page @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  const main = page.locator('main');
  // A card's or a banner's link, with its picture, is larger than the toggle: a tap beside it reaches it.
  const textLinks = main.getByRole('link').filter({ hasNot: page.locator('img') });
  const tapTargets = page.getByText(/^Rs \d/).or(main.getByRole('button')).or(textLinks);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Add .* to cart$/ }).first()).toBeVisible();
  await expectChatToggleClearOf(page, tapTargets, 2500);

  await page.goto('/products');
  await expect(page.getByText(/^Rs \d/).first()).toBeVisible();
  // The first screens of a long list: every card is alike.
  await expectChatToggleClearOf(page, tapTargets, 2500);

  await page.getByRole('link', { name: /Tomato 1 kg/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tomato 1 kg' })).toBeVisible();
  await expect(await expectChatToggleClearOf(page, tapTargets)).toBeGreaterThan(0);
});

test('on a phone, flicking /products to its end loads the next page only, and the view stays where the shopper scrolled @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  // Four pages at least, so a list that ran on by itself would show it.
  await loginSeller(page);
  for (let shown = (await inStockProducts(page)).length; shown < 97; shown++) {
    await addProductByApi(page, { name: `Scroll Fig ${testInfo.workerIndex}-${shown}`, price: 30, offerPrice: 25 });
  }
  await page.context().clearCookies();
  const searches: string[] = [];
  page.on('request', (request) => request.url().includes('/api/product/search') && searches.push(request.url()));
  await page.goto('/products');
  const cards = productCards(page);
  await expect(cards).toHaveCount(24);
  // Two flicks of the wheel reach the end of the first page: the next one loads, and that is all. The footer was the
  // browser's scroll anchor: each page drawn above it carried the view down to the list's end again (50 pages ran).
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 3000);
  await page.mouse.wheel(0, 3000);
  await expect(cards).toHaveCount(48);
  await page.waitForTimeout(1500);
  await expect(cards).toHaveCount(48);
  expect(searches).toHaveLength(1);
  // Where the wheel took it (two flicks of 3,000 px), not carried down the page.
  expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(6000);

  // A product opened from down the list, and Back: the same cards, the view where it was (a probe was back at the start
  // with half its cards, the product it had opened gone).
  const opened = cards.nth(30);
  await opened.scrollIntoViewIfNeeded();
  const name = (await opened.getByRole('heading').textContent())!;
  const y = await page.evaluate(() => window.scrollY);
  await opened.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(cards).toHaveCount(48);
  await expect(cards.filter({ has: page.getByRole('heading', { name, exact: true }) })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 50);
});

test('on a phone the seller’s menu names each screen in visible text and the chat toggle never covers a stock switch @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  await loginSeller(page);
  await page.goto('/seller/product-list');
  const menu = page.getByRole('navigation', { name: 'Seller menu' });
  for (const name of ['Add Product', 'Product List', 'Orders', 'Import / Export']) {
    // The name a screen reader reads is the text on the screen.
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
  }
  const switches = page.getByRole('switch');
  await expect(switches.first()).toBeVisible();
  // The toggle stays in view: it sits in the menu's column, which holds nothing below the menu.
  expect(await expectChatToggleClearOf(page, page.getByRole('switch').or(page.getByRole('textbox', { name: /^Stock count/ })))).toBeGreaterThan(3);
  await page.screenshot({ path: testInfo.outputPath('seller-menu-phone.png') });
  // On a small phone the menu's last links run down to the toggle: it steps aside from them (a probe's tap on "Shop
  // profile" opened the chat).
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/seller/profile');
  await expect(menu.getByRole('link').last()).toBeVisible();
  await expectChatToggleClearOf(page, menu.getByRole('link'));
});

/** Buttons, selects and text fields in the page's main part shorter than a thumb's 40 px: their names and heights. */
async function smallControls(page: Page) {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, select, input:not([type=checkbox]):not([type=radio])')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName, height: element.getBoundingClientRect().height }))
      // A visually hidden field (1 px: Add Product's file inputs, opened by their image slots) is no target.
      .filter((control) => control.height < 40 && control.height > 1),
  );
}

test('on a phone the seller’s buttons, selects and fields are at least 40 px tall: products, orders, import, profile, delivery, the operator’s screens @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [product] = await inStockProducts(page);
  const { id: orderId } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  for (const [path, ready] of [
    ['/seller/product-list', page.getByRole('switch').first()],
    [`/seller/orders?q=${orderId}`, page.getByLabel(/^Status of order GC-\d+$/)],
    ['/seller/import', page.getByRole('heading', { level: 1 })],
    ['/seller', page.getByRole('heading', { level: 1 })],
    ['/seller/profile', page.getByLabel('Shop name')],
    ['/seller/delivery', page.getByRole('heading', { level: 1 })],
    ['/seller/sellers', page.getByRole('main').getByRole('listitem').first()],
    ['/seller/payouts', page.getByRole('main').getByRole('listitem').first()],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    expect(await smallControls(page), path).toEqual([]);
  }
});

test('on a phone the chat toggle never covers a form’s fields or their messages (the seller application, sent empty) @phone', async ({ page }, testInfo) => {
  onPhoneOnly(testInfo.project.name);
  await page.goto('/seller/register');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Pickup address is required')).toBeVisible();
  expect(await expectChatToggleClearOf(page, page.locator('main').getByRole('textbox').or(page.getByText(/ is required$/)))).toBeGreaterThan(0);
});

test.describe('dates in the shop’s locale (en-IN) whatever the browser’s', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('the seller’s day filters read and write dd/mm/yyyy and order dates show day before month @phone', async ({ page }) => {
    await registerShopper(page);
    const addressId = await saveAddress(page);
    const [product] = await inStockProducts(page);
    const { id: orderId, number: orderNumber } = await placeCodOrderByApi(page, [{ product: product!._id, quantity: 1 }], addressId);
    await loginSeller(page);

    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()).split('-');
    const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, Number(month) - 1, 1)));
    // A shared link (ISO days in the address) shows the days as the shop writes them.
    await page.goto(`/seller/orders?from=${year}-${month}-${day}&q=${orderId}`);
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await expect(filters.getByLabel('From', { exact: true })).toHaveValue(`${day}/${month}/${year}`);
    const order = page.getByRole('listitem', { name: `Order ${orderNumber}` });
    await expect(order.getByText(new RegExp(`^Date: ${Number(day)} ${monthName} ${year}, \\d\\d:\\d\\d$`))).toBeVisible();

    // Typed day-first: 1 February is not 2 January.
    await filters.getByLabel('From', { exact: true }).fill('');
    await expect(page).not.toHaveURL(/from=/);
    await filters.getByLabel('To', { exact: true }).fill('01/02/2020');
    await expect(page).toHaveURL(/to=2020-02-01/);
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    // A day that does not exist is named next to the field, and the list keeps its last good filter.
    await filters.getByLabel('To', { exact: true }).fill('31/02/2020');
    await expect(filters.getByText('No such date: use dd/mm/yyyy')).toBeVisible();
    await expect(page).toHaveURL(/to=2020-02-01/);
    await filters.getByLabel('To', { exact: true }).fill('');
    await expect(page).not.toHaveURL(/to=/);
    await expect(order).toBeVisible();
  });
});

test('a product whose long name has no spaces stays within the screen on its page and its test payment page (a probe: 2,199 px wide) @phone', async ({ page }) => {
  await loginSeller(page);
  const product = await addProductByApi(page, { name: `Unbroken${randomUUID().replaceAll('-', '')}${'x'.repeat(80)}`, price: 20, offerPrice: 18 });
  try {
    await page.goto(`/products/fruits/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await registerShopper(page);
    const address = await saveAddress(page);
    const online = await page.request.post('/api/order/stripe', { data: { items: [{ product: product._id, quantity: 1 }], address } });
    expect(online.ok(), await online.text()).toBe(true);
    const { url, orderId } = (await online.json()) as { url: string; orderId: string };
    await page.goto(url);
    await expect(page.getByText(product.name)).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect((await page.request.post('/api/order/cancel', { data: { orderId } })).ok()).toBe(true);
  } finally {
    await loginSeller(page);
    expect((await page.request.post('/api/product/delete', { data: { id: product._id } })).ok()).toBe(true);
  }
});
