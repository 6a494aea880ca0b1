import { gzipSync } from 'node:zlib';
import { catalogue, expectNoHorizontalScroll, expectNoSeriousAxeViolations, expectTouchTargets, layoutShift, trackLayoutShift, waitForCards } from './support/storefront';
import { saveAddress, saveServerCart } from './support/checkout';
import { placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper } from './support/shop';
import { expect, test, type Page } from './support/test';

/**
 * The JavaScript `/` loads until it is settled (docs/perf.md), the chat's toggle fetched after the first paint
 * included: 116.8 kB after decision 0182 (118.4 kB before; issue 27's 110 kB is not reached on the storefront's
 * pages), 117.06 kB with the card's Add keeping keyboard focus and a page loaded from outside opening at its top,
 * 116.3 kB once the data routes and Vite's preload helper left the entry (decision 0239), 116.43 kB with the keyboard's
 * focus kept by the menus and lists (0182, amended 2026-11-29), 116.63 kB when a tab left open stopped writing the
 * previous shopper's cart into the next account (0261) and the cart stopped at its 50 lines (2026-11-30), 116.71 kB
 * when the navbar's search kept a shop's filter without JavaScript and fast taps past the stock showed one toast (30 B,
 * 2026-12-01). scripts/first-load.test.ts holds every route's first load from the build's manifest.
 */
const INITIAL_JS_BUDGET = 116.75 * 1024;

/** The storefront screens every quality bar covers; a product page is one with several images. */
const SCREENS = ['/', '/products', '/products/fruits', 'a product page', '/contact', '/no-such-page'] as const;

async function pathOf(page: Page, screen: (typeof SCREENS)[number] | '/add-address') {
  if (screen !== 'a product page') return screen;
  const product = (await catalogue(page)).find((p) => p.inStock && p.image.length > 1)!;
  return `/products/${product.category.toLowerCase()}/${product._id}`;
}

async function storefrontPages(page: Page) {
  return Promise.all(SCREENS.map((screen) => pathOf(page, screen)));
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  if (['/', '/products', '/products/fruits'].includes(path) || path.split('/').length === 4) await waitForCards(page);
  await page.waitForLoadState('networkidle');
}

// One test a screen and one a width, so the two workers share them and none runs long.
for (const screen of SCREENS) {
  test(`axe-core finds no serious or critical violation on ${screen} @phone`, async ({ page }) => {
    await settle(page, await pathOf(page, screen));
    await expectNoSeriousAxeViolations(page);
  });
}

// The scan itself (docs/decisions/0185: in the page, serious rules only) still finds what it is there to find.
test('the axe check fails on a nameless button and on text too faint to read', async ({ page }) => {
  await settle(page, '/contact');
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Faint text';
    faint.style.cssText = 'color: #eeeeee; background: #ffffff';
    document.querySelector('main')!.append(faint, document.createElement('button'));
  });
  const scan = expectNoSeriousAxeViolations(page);
  await expect(scan).rejects.toThrow(/color-contrast/);
  await expect(scan).rejects.toThrow(/button-name/);
});

// Two tests, so the two workers share the nine scans. A scan of a full page takes seconds (the seller's
// lists most), so each test gets the slow-test allowance: a busy CI machine made one 45 s test time out.
test('axe-core finds no serious or critical violation on the shopper’s own screens and the test payment page @phone', async ({ page }) => {
  test.slow();
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [first, second] = await inStockProducts(page);
  await saveServerCart(page, { [first!._id]: 2 });
  await placeCodOrderByApi(page, [{ product: second!._id, quantity: 1 }], addressId);
  const online = await page.request.post('/api/order/stripe', { data: { items: [{ product: first!._id, quantity: 1 }], address: addressId } });
  const paymentPage = ((await online.json()) as { url: string }).url;
  for (const path of ['/cart', '/my-orders', '/add-address', '/loader?next=my-orders', paymentPage]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await test.step(path, () => expectNoSeriousAxeViolations(page));
  }
});

test('axe-core finds no serious or critical violation on the seller’s screens, nor in the open chat @phone', async ({ page }) => {
  test.slow();
  await loginSeller(page);
  for (const path of ['/seller', '/seller/product-list', '/seller/orders']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await test.step(path, () => expectNoSeriousAxeViolations(page));
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('heading', { name: 'ChatBot' })).toBeVisible();
  await test.step('open chat', () => expectNoSeriousAxeViolations(page));
});

for (const width of [360, 390, 768, 1024, 1280, 1440]) {
  test(`no storefront screen scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of await storefrontPages(page)) {
      await settle(page, path);
      await test.step(path, () => expectNoHorizontalScroll(page));
    }
  });
}

test('buttons and links of the navbar, cards, product page and menus are at least 40 px on a phone @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [, products, , product, contact] = await storefrontPages(page);
  const targets = 'header a, header button, main a, main button, footer a, #mobile-menu a, #mobile-menu button';
  for (const path of [products!, product!, contact!]) {
    await settle(page, path);
    await test.step(path, () => expectTouchTargets(page, targets));
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectTouchTargets(page, targets);
});

test('placeholders are readable: at least 4.5:1 against their field, on the storefront and in the seller area', async ({ page }) => {
  /** Each visible field's placeholder colour against its field's background, as contrast ratios (sRGB, WCAG's formula). */
  const ratios = () =>
    page.locator('input[placeholder], textarea[placeholder]').evaluateAll((fields) => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      /** A colour's luminance as drawn over `under` (a placeholder is often partly transparent). */
      const luminance = (color: string, under = 'rgb(255, 255, 255)') => {
        for (const layer of [under, color]) {
          canvas.fillStyle = layer;
          canvas.fillRect(0, 0, 1, 1);
        }
        const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => v / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const backgroundOf = (el: Element | null): string => {
        const color = el ? getComputedStyle(el).backgroundColor : 'rgb(255, 255, 255)';
        return el && (color === 'rgba(0, 0, 0, 0)' || color === 'transparent') ? backgroundOf(el.parentElement) : color;
      };
      return fields
        .filter((field) => field.checkVisibility())
        .map((field) => {
          const background = backgroundOf(field);
          const [a, b] = [luminance(getComputedStyle(field, '::placeholder').color, background), luminance(background)].sort((x, y) => y - x);
          return { field: field.getAttribute('placeholder'), ratio: Math.round(((a! + 0.05) / (b! + 0.05)) * 100) / 100 };
        });
    });
  await page.goto('/');
  const home = await ratios();
  expect(home.length).toBeGreaterThan(0);
  expect(home.filter((r) => r.ratio < 4.5)).toEqual([]);
  await loginSeller(page);
  await page.goto('/seller/orders');
  await expect(page.getByPlaceholder(/^e\.g\. GC-/)).toBeVisible();
  const orders = await ratios();
  expect(orders.length).toBeGreaterThan(0);
  expect(orders.filter((r) => r.ratio < 4.5)).toEqual([]);
});

test(`the first load of / stays within ${INITIAL_JS_BUDGET / 1024} kB of gzipped JavaScript`, async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
  });
  await settle(page, '/');
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`initial JS for /: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`);
  // The chat's markdown, the login form, the forms' schemas and the toasts stay out of the first load.
  expect([...scripts.keys()].filter((url) => /chat-popup|login-modal|form-errors|form-schemas|toaster/.test(url))).toEqual([]);
  expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
});

for (const screen of [...SCREENS, '/add-address'] as const) {
  test(`${screen} shows no broken image and gives every image an alt text`, async ({ page }) => {
    if (screen === '/add-address') await registerShopper(page);
    const path = await pathOf(page, screen);
    await settle(page, path);
    for (const img of await page.locator('img').all()) {
      if (!(await img.isVisible())) continue;
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: `${path} ${await img.getAttribute('src')}` }).toBe(true);
      expect(await img.getAttribute('alt'), `${path}: every image has an alt attribute`).not.toBeNull();
    }
    if (screen === '/add-address') await expect(page.getByRole('img', { name: 'A delivery scooter on its way to a house' })).toHaveAttribute('width', '400');
  });
}

test('pages do not shift while images and the catalogue load (CLS under 0.1) @phone', async ({ page }) => {
  await trackLayoutShift(page);
  for (const path of ['/', '/products']) {
    await settle(page, path);
    const cls = await layoutShift(page);
    console.log(`CLS ${path} (${page.viewportSize()?.width} px): ${cls.toFixed(3)}`);
    expect(cls, path).toBeLessThan(0.1);
  }
});
