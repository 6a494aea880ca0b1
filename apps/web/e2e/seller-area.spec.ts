import { saveAddress } from './support/checkout';
import { shoot } from './support/marketplace';
import { addProductByApi, placeCodOrderByApi } from './support/seller';
import { loginSeller, registerShopper } from './support/shop';
import { expect, test } from './support/test';

/** A probe of the seller area (2026-12-01): what a shop and the operator expect of their screens. */

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a new default commission is saved only once the operator confirms it, naming the rate, from when and whom it reaches', async ({ page }) => {
  await loginSeller(page);
  // The change is answered here: the default the suite's other tests charge stays as it is.
  const sent: unknown[] = [];
  await page.route('**/api/seller/commission', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request().postDataJSON());
    await route.fulfill({ json: { success: true, message: 'Default commission set to 7.5%', defaultPercent: 7.5 } });
  });
  await page.goto('/seller/commission');
  const field = page.getByLabel('Default commission (%)');
  await expect(field).not.toHaveValue('');
  const current = await field.inputValue();
  await field.fill(current === '7.5' ? '7.25' : '7.5');
  const percent = current === '7.5' ? '7.25' : '7.5';
  await page.getByRole('region', { name: 'Default commission' }).getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: `Set the default commission to ${percent}%?` });
  await expect(question).toBeVisible();
  // How many shops, as the API counts those paying the default (a thousand were mailed without a question: a probe).
  await expect(question).toContainText(new RegExp(`It applies to orders delivered from now on, for (\\d[\\d,]* shops without a rate of their own|1 shop without a rate of its own), and each is e-mailed its new rate\\.`));
  await shoot(page, 'operator-commission-confirm', { modal: true });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  expect(sent).toEqual([]);
  // Confirmed: sent once, with the rate asked about.
  await page.getByRole('region', { name: 'Default commission' }).getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: `Yes, set ${percent}%` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Default commission set to 7.5%' })).toBeVisible();
  expect(sent).toEqual([{ percent: Number(percent) }]);
});

test('the Deliveries board keeps its day in the address: a reload or a shared link opens the same day @phone', async ({ page }) => {
  await loginSeller(page);
  await page.goto('/seller/deliveries');
  const dayField = page.getByLabel('Day');
  await expect(dayField).not.toHaveValue('');
  await dayField.fill('01/02/2030');
  await expect(page.getByRole('heading', { name: 'Deliveries on 1 Feb 2030' })).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/deliveries\?day=2030-02-01$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deliveries on 1 Feb 2030' })).toBeVisible();
  await expect(page.getByLabel('Day')).toHaveValue('01/02/2030');
  // A day that is none (edited by hand) opens today's board.
  await page.goto('/seller/deliveries?day=2030-02-31');
  await expect(page.getByRole('heading', { name: 'Deliveries today' })).toBeVisible();
});

test('saving a product unchanged sends nothing and closes the dialog, saying there was nothing to save @phone', async ({ page }) => {
  await loginSeller(page);
  const name = unique('Unchanged Guava');
  await addProductByApi(page, { name, price: 80, offerPrice: 70 });
  await page.goto('/seller/product-list');
  await page.getByLabel('Search your products').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  const updates: string[] = [];
  page.on('request', (request) => request.url().includes('/api/product/update') && updates.push(request.url()));
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit product' });
  await expect(dialog.getByLabel('Product Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'No changes to save' })).toBeVisible();
  await expect(page.getByText('Send at least one field or image to change')).toHaveCount(0);
  expect(updates).toEqual([]);
});

test('a statement entry’s day and order stay on one line on a phone @phone', async ({ page }) => {
  // A delivered order of the operator's own shop puts a sale with its number on its statement.
  await loginSeller(page);
  const product = await addProductByApi(page, { name: unique('Statement Melon'), price: 1200, offerPrice: 1149.99 });
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const order = await placeCodOrderByApi(page, [{ product: product._id, quantity: 9 }], addressId);
  for (const status of ['Processed', 'Packed', 'Dispatched', 'Delivered']) {
    const moved = await page.request.post('/api/order/status', { data: { orderId: order.id, status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/seller/balance');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toHaveCount(1);
  const line = row.getByText(new RegExp(`^\\d{1,2} [A-Z][a-z]{2} \\d{4} · ${order.number}$`));
  await expect(line).toBeVisible();
  await shoot(page, 'seller-balance-phone');
  // One line: its height is its line height ("1 Dec / 2026 · GC-120001" took two while the Amount column had room).
  const { height, lineHeight } = await line.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(height).toBeLessThan(lineHeight * 1.5);
  // Nothing cut off: the statement needs no scrolling sideways, and the amount is whole on screen.
  const region = page.getByRole('region', { name: 'Statement' });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const amount = await row.getByText(/^\+Rs [\d,]+\.\d\d$/).boundingBox();
  const box = (await region.boundingBox())!;
  expect(amount!.x + amount!.width).toBeLessThanOrEqual(box.x + box.width);
});
