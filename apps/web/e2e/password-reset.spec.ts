import { checkScreen, mailedLink } from './support/marketplace';
import { logInWithModal, logOut, registerShopper, uniqueEmail } from './support/shop';
import { expect, test } from './support/test';

/**
 * Decision 0254: a shopper or a shop that forgot the password asks for a link from the login form, gets it by e-mail
 * (the outbox), and sets a new password with it once; the new password logs the browser in.
 */
test('a shopper asks for a link from the login overlay, sets a new password with it, and the link works once @phone', async ({ page }) => {
  const account = await registerShopper(page, 'Meera');
  await page.goto('/');
  await logOut(page);

  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  // The e-mail typed in the login form is kept.
  await expect(forgot.getByLabel('Email')).toHaveValue(account.email);
  await forgot.getByRole('button', { name: 'Send link' }).click();
  await expect(forgot.getByRole('status')).toHaveText(/If an account uses this e-mail, a link to set a new password is on its way/);
  await checkScreen(page, 'forgot-password-overlay', { modal: true });
  await forgot.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
  await page.keyboard.press('Escape');

  const link = new URL(await mailedLink(account.email, 'reset-password'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveTitle('Set a new password | GreenCart');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await checkScreen(page, 'reset-password');
  await page.getByLabel('New password').fill('mangoes-in-may-24');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Password changed: you are logged in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  // The link is spent: it says so and leads back to the login.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password').fill('another-password-25');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('This link to set a new password has expired or was used already.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go to the login' })).toBeVisible();
  await checkScreen(page, 'reset-password-spent');

  // The new password is the one that logs in.
  await page.goto('/');
  await logOut(page);
  await logInWithModal(page, { email: account.email, password: 'mangoes-in-may-24' });
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test("a shop that forgot its password gets a link from the seller login, lands in its seller area, and changes it on its profile", async ({ page }) => {
  const email = uniqueEmail('forgetful-shop');
  const applied = await page.request.post('/api/seller/register', {
    data: { shopName: `Forgetful Farm ${Date.now().toString(36)}`, name: 'Ravi Kumar', email, password: 'first-password-1', phone: '+91 98450 44444', pickupAddress: '2 Hill Road, Ooty 643001' },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  await page.context().clearCookies();

  await page.goto('/seller');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Forgot password | GreenCart');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(/a link to set a new password is on its way/);
  await checkScreen(page, 'seller-forgot-password');

  const link = new URL(await mailedLink(email, 'reset-password'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Choose a new password for your shop on GreenCart.')).toBeVisible();
  await page.getByLabel('New password').fill('second-password-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL('/seller');
  await expect(page.getByText('Password changed: you are signed in')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seller menu' })).toBeVisible();

  // Signed in, the shop changes its password on its profile, giving the current one.
  await page.goto('/seller/profile');
  const change = page.getByRole('form', { name: 'Password' });
  await change.getByLabel('Current password').fill('not-the-password');
  await change.getByLabel('New password').fill('third-password-3');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('The current password is not right')).toBeVisible();
  await change.getByLabel('Current password').fill('second-password-2');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed: every other device is signed out')).toBeVisible();
  await expect(change.getByLabel('Current password')).toHaveValue('');
  await checkScreen(page, 'seller-profile-password');
  const login = await page.request.post('/api/seller/login', { data: { email, password: 'third-password-3' } });
  expect(login.ok()).toBeTruthy();
});

test('a signed-in shopper changes the password under My Orders, giving the current one @phone', async ({ page }) => {
  const account = await registerShopper(page, 'Kiran');
  await page.goto('/my-orders');
  const yours = page.getByRole('region', { name: 'Your account' });
  await expect(yours.getByText(`Signed in as ${account.email}`)).toBeVisible();
  await yours.getByText('Change password').click();
  const change = yours.getByRole('form', { name: 'Password' });
  await change.getByLabel('Current password').fill('not-my-password');
  await change.getByLabel('New password').fill('guavas-in-june-26');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('The current password is not right')).toBeVisible();
  await change.getByLabel('Current password').fill(account.password);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed: every other device is signed out')).toBeVisible();
  await checkScreen(page, 'my-orders-password');
  // Still signed in here, and the new password is the one that logs in.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  const login = await page.request.post('/api/user/login', { data: { email: account.email, password: 'guavas-in-june-26' } });
  expect(login.ok()).toBeTruthy();
});
