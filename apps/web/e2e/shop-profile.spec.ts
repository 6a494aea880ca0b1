import { checkScreen } from './support/marketplace';
import { loginSeller } from './support/shop';
import { expect, test } from './support/test';

/**
 * Issue 26, docs/decisions/0171: a shop edits its phone and pickup address; its address (slug) stays. Decision 0250:
 * it turns its new-order e-mails off and on.
 */
test('the shop profile checks each field, saves the phone and pickup address, and keeps the shop address', async ({ page }) => {
  await loginSeller(page);
  // The operator's own shop; a seller's menu links here ('Shop profile').
  await page.goto('/seller/profile');
  const form = page.getByRole('form', { name: 'Shop profile' });
  // Its shop page, a link (read as a street when it said "Shop address": a probe).
  await expect(form.getByRole('link', { name: '/shop/greencart' })).toHaveAttribute('href', '/shop/greencart');

  await form.getByLabel('Phone').fill('call me');
  await form.getByLabel('Pickup address').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Pickup address')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Phone').fill('+91 98200 55555');
  await form.getByLabel('Pickup address').fill('1 Warehouse Road, Pune 411001');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shop profile saved' })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Phone')).toHaveValue('+91 98200 55555');
  await expect(form.getByLabel('Pickup address')).toHaveValue('1 Warehouse Road, Pune 411001');
  await checkScreen(page, 'seller-shop-profile');

  // New-order e-mails: on unless turned off, saved with the profile.
  const orderMails = form.getByRole('checkbox', { name: 'E-mail me new orders' });
  await expect(orderMails).toBeChecked();
  await orderMails.uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shop profile saved' })).toBeVisible();
  await page.reload();
  await expect(orderMails).not.toBeChecked();
  await orderMails.check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shop profile saved' })).toBeVisible();
  await page.reload();
  await expect(orderMails).toBeChecked();
});
