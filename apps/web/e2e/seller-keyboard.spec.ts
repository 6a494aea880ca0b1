import { saveAddress } from './support/checkout';
import { onBody, slowly } from './support/keyboard';
import { placeCodOrderByApi } from './support/seller';
import { inStockProducts, loginSeller, registerShopper, uniqueEmail } from './support/shop';
import { expect, test } from './support/test';

/**
 * A keyboard and screen-reader probe of the seller area (2026-12-01, decision 0258): the focus fell to the page's body
 * when the control that had it was disabled (a button while its form is sent, a status select once the order is
 * final), so the next Tab started again at the top of the page and a screen reader said nothing.
 */


test('a refused seller login keeps the keyboard on Login, and no moment on the page\'s body while it is sent', async ({ page }) => {
  await slowly(page, '**/api/seller/login');
  await page.goto('/seller');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not-the-password');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await login.focus();
  await page.keyboard.press('Enter');
  await expect(login).toBeDisabled();
  expect(await onBody(page)).toBe(false);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(login).toBeEnabled();
  await expect(login).toBeFocused();
});

test('Save on the shop profile keeps the keyboard once the profile is saved', async ({ page }) => {
  await loginSeller(page);
  await slowly(page, '**/api/seller/profile');
  await page.goto('/seller/profile');
  const form = page.getByRole('form', { name: 'Shop profile' });
  await form.getByLabel('Phone').fill('+91 98200 55555');
  await form.getByLabel('Pickup address').fill('1 Warehouse Road, Pune 411001');
  await form.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  expect(await onBody(page)).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: 'Shop profile saved' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
});

test('an order saved as Delivered gives the keyboard to its Refund, and a cancelled one to its own card', async ({ page }, testInfo) => {
  await registerShopper(page);
  const addressId = await saveAddress(page);
  const [first, second] = await inStockProducts(page);
  const delivered = await placeCodOrderByApi(page, [{ product: first!._id, quantity: 1 }], addressId);
  const cancelled = await placeCodOrderByApi(page, [{ product: second!._id, quantity: 1 }], addressId);
  await loginSeller(page);
  await slowly(page, '**/api/order/status');
  await page.goto(`/seller/orders?q=${delivered.number}`);

  // Delivered waits for "Save status"; once saved the status is final (its select disabled) and Refund is the card's control.
  const card = page.getByRole('listitem', { name: `Order ${delivered.number}` });
  await card.getByLabel(`Status of order ${delivered.number}`).selectOption('Delivered');
  await card.getByRole('button', { name: 'Save status' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByLabel(`Status of order ${delivered.number}`)).toBeDisabled();
  await expect(card.getByRole('button', { name: `Refund order ${delivered.number}` })).toBeFocused();

  // A cancel confirmed leaves nothing to press on the card: the card itself, named by its order, has the focus.
  await page.goto(`/seller/orders?q=${cancelled.number}`);
  const other = page.getByRole('listitem', { name: `Order ${cancelled.number}` });
  await other.getByLabel(`Status of order ${cancelled.number}`).selectOption('Cancelled');
  await other.getByRole('button', { name: 'Confirm cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(other.getByRole('button', { name: 'Confirm cancel' })).toBeDisabled();
  expect(await onBody(page)).toBe(false);
  await expect(other.getByLabel(`Status of order ${cancelled.number}`)).toBeDisabled();
  await expect(other).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('order-cancelled-focus.png') });
});
