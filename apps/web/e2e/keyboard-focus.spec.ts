import { onBody, slowly } from './support/keyboard';
import { SHOPPER_PASSWORD, uniqueEmail } from './support/shop';
import { catalogue } from './support/storefront';
import { expect, test } from './support/test';

/**
 * Where the keyboard goes when the control it was on gives way to another on the same page (decision 0258): a keyboard
 * probe (2026-12-01) found it on the page's body after a delivery check, after "Change pincode" and after signing in from
 * the login dialog on /, so the next Tab started again at the top of the page.
 */

test("the product page's delivery check gives the focus to Change pincode, and Change gives it to the pincode", async ({ page }) => {
  const [product] = (await catalogue(page)).filter((p) => p.inStock);
  await page.goto(`/products/${product!.category.toLowerCase()}/${product!._id}`);
  const pincode = page.getByLabel('Check delivery');
  await pincode.focus();
  await page.keyboard.type('411001');
  await page.keyboard.press('Enter');
  const change = page.getByRole('button', { name: 'Change pincode' });
  await expect(change).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pincode).toBeFocused();
  await expect(pincode).toHaveValue('411001');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('560034');
  await page.keyboard.press('Enter');
  await expect(change).toBeFocused();
  await expect(page.getByText(/^(Delivers|Does not deliver) to 560034$/)).toBeVisible();
});

test('signing up, and logging in, from the login dialog on / gives the focus to the account menu that took Login\'s place', async ({ page }) => {
  await page.goto('/');
  const account = { email: uniqueEmail(), password: SHOPPER_PASSWORD };
  await page.getByRole('button', { name: 'Login', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'click here to create an account' }).click();
  await dialog.getByLabel('Name').fill('Meera');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/');
  const menu = page.getByRole('button', { name: 'Account' });
  await expect(menu).toBeFocused();

  // Signed out (through the API: the menu's own Logout is not what is tested here) and in again from the dialog.
  expect((await page.request.get('/api/user/logout')).ok()).toBeTruthy();
  await page.reload();
  await page.getByRole('button', { name: 'Login', exact: true }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(menu).toBeFocused();
  // Tab goes on from there, not from the top of the page (the skip link).
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: /^Cart, / })).toBeFocused();
});

test("a refused login from the dialog keeps the keyboard on the dialog's Login while it is sent and after (no moment on the page's body)", async ({ page }) => {
  await slowly(page, '**/api/user/login');
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByLabel('Password').fill('not-the-password');
  const login = dialog.getByRole('button', { name: 'Login', exact: true });
  await login.focus();
  await page.keyboard.press('Enter');
  await expect(login).toBeDisabled();
  expect(await onBody(page)).toBe(false);
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(login).toBeEnabled();
  await expect(login).toBeFocused();
});
