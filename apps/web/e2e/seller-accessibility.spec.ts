import type { Locator } from '@playwright/test';
import { saveAddress } from './support/checkout';
import { addProductByApi, placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper } from './support/shop';
import { expectNoSeriousAxeViolations } from './support/storefront';
import { expect, test, type Page } from './support/test';

/**
 * A keyboard and screen-reader probe of the seller area (2026-12-01): what a control's edge shows (WCAG 1.4.11, 3:1,
 * decision 0270), what a screen reader calls a field and what it hears when a save is refused.
 */

/** The contrast ratio of two CSS colours (WCAG's formula, sRGB), drawn on the page's canvas to read any syntax the browser computes (Tailwind's palette is oklch). */
async function contrast(page: Page, first: string, second: string) {
  const [a, b] = await page.evaluate((colors) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    return colors.map((color) => {
      canvas.fillStyle = '#fff';
      canvas.fillRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((v) => v / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    });
  }, [first, second]);
  return (Math.max(a!, b!) + 0.05) / (Math.min(a!, b!) + 0.05);
}

/** The colour behind an element: its own background, else its nearest ancestor's that has one. */
const behind = (element: Locator) =>
  element.evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const color = getComputedStyle(e).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)') return color;
    }
    return 'rgb(255, 255, 255)';
  });

test('the In Stock switch off and the Picked counts of Record picks have edges of 3:1', async ({ page }, testInfo) => {
  await loginSeller(page);
  const name = `Switch Plum ${Date.now().toString(36)}`;
  const product = await addProductByApi(page, { name, price: 90, offerPrice: 80 });
  expect((await page.request.post('/api/product/stock', { data: { id: product._id, inStock: false } })).ok()).toBe(true);
  await page.goto('/seller/product-list');
  await page.getByLabel('Search your products').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const toggle = row.getByRole('switch', { name: `In Stock: ${name}` });
  await expect(toggle).not.toBeChecked();
  // The track against the page behind it, and the white knob against the track.
  const [track, knob] = await toggle.evaluate((el) => [el.nextElementSibling!, el.nextElementSibling!.nextElementSibling!].map((e) => getComputedStyle(e).backgroundColor));
  expect(await contrast(page, track!, await behind(row.getByRole('cell').last()))).toBeGreaterThanOrEqual(3);
  expect(await contrast(page, track!, knob!)).toBeGreaterThanOrEqual(3);
  await row.screenshot({ path: testInfo.outputPath('switch-off.png') });

  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [first] = await inStockProducts(page);
  const order = await placeCodOrderByApi(page, [{ product: first!._id, quantity: 2 }], addressId);
  await loginSeller(page);
  await page.goto(`/seller/orders?q=${order.number}`);
  await page.getByRole('button', { name: `Record picks of order ${order.number}` }).click();
  const form = page.getByRole('form', { name: `Picks of order ${order.number}` });
  const picked = form.getByLabel(`Picked of ${first!.name}`);
  // The select's edge against the form's grey behind it and against its own white.
  const edge = await picked.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(await contrast(page, edge, await behind(picked.locator('xpath=..')))).toBeGreaterThanOrEqual(3);
  expect(await contrast(page, edge, await behind(picked))).toBeGreaterThanOrEqual(3);
  await form.screenshot({ path: testInfo.outputPath('picks-form.png') });
});

test("the import's problems, too many for their box, are a named region the keyboard can reach and scroll", async ({ page }, testInfo) => {
  const run = Date.now().toString(36);
  const rows = Array.from({ length: 20 }, (_, i) => `Toy ${run} ${i},Fresh,Toys,40,35,,,`);
  await loginSeller(page);
  await page.goto('/seller/import');
  await page.getByLabel('Products (CSV)').setInputFiles({
    name: 'toys.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['name,description,category,price,offerPrice,weight,stock,images', ...rows].join('\n')),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const box = page.getByRole('region', { name: 'Problems by row and column' });
  await expect(box.getByRole('table', { name: 'Problems by row and column' })).toBeVisible();
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  // Reached by Tab from the Import button before it, and scrolled by the keyboard.
  await page.getByRole('button', { name: 'Import', exact: true }).focus();
  for (let i = 0; i < 5 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('import-problems.png'), fullPage: true });
});

test('the delivery settings name each field by its label alone; its hint and its message describe it', async ({ page }, testInfo) => {
  await loginSeller(page);
  await page.goto('/seller/delivery');
  const fee = page.getByRole('textbox', { name: 'Delivery fee (Rs)', exact: true });
  const free = page.getByRole('textbox', { name: 'Free delivery from (Rs)', exact: true });
  await expect(free).toHaveAccessibleName('Free delivery from (Rs)');
  await expect(free).toHaveAccessibleDescription('Empty: never free');
  await expect(fee).toHaveAccessibleDescription('');
  await page.getByRole('radio', { name: 'Only these pincodes' }).check();
  const pincodes = page.getByRole('textbox', { name: /^Pincodes/ });
  await pincodes.fill('abc, 560');
  await fee.fill('5000');
  await free.fill('-1');
  await page.getByRole('button', { name: 'Save delivery settings' }).click();
  // Refused in the browser, nothing saved: each message is the field's description, said once, and not in its name.
  await expect(pincodes).toHaveAccessibleName('Pincodes (6 digits, or 3 digits for every pincode starting with them), separated by commas');
  await expect(pincodes).toHaveAccessibleDescription(/^"abc" is not a pincode/);
  await expect(fee).toHaveAttribute('aria-invalid', 'true');
  await expect(fee).toHaveAccessibleName('Delivery fee (Rs)');
  await expect(fee).toHaveAccessibleDescription('Delivery fee must be at most 1000');
  await expect(free).toHaveAccessibleName('Free delivery from (Rs)');
  await expect(free).toHaveAccessibleDescription(/^Empty: never free \S/);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('group', { name: 'What it costs' }).screenshot({ path: testInfo.outputPath('delivery-costs-refused.png') });
});

test("a shop's own commission rate refused by Save takes the focus to the rate, its message said as description", async ({ page }, testInfo) => {
  await loginSeller(page);
  await page.goto('/seller/commission');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: /^Own rate \(%\) of / }) }).first();
  const shop = (await card.getAttribute('aria-label'))!;
  const rate = card.getByRole('textbox', { name: `Own rate (%) of ${shop}` });
  await rate.fill('abc');
  await card.getByRole('button', { name: `Save the rate of ${shop}` }).focus();
  await page.keyboard.press('Enter');
  await expect(rate).toBeFocused();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).not.toHaveAccessibleDescription('');
  await card.screenshot({ path: testInfo.outputPath('commission-refused.png') });
  // The default's field too (nothing is sent, nor asked).
  const standard = page.getByRole('textbox', { name: 'Default commission (%)' });
  await standard.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(standard).toBeFocused();
  await expect(standard).toHaveAccessibleDescription('Enter a percentage');
});
