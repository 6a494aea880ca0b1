import { logInWithModal, logOut, registerShopper } from './support/shop';
import { expect, test } from './support/test';

/**
 * Issue 25, item 5 (docs/decisions/0097): guesses from the shopper's own address (an office, a shared
 * Wi-Fi) do not lock out the browser they logged in from before, which carries its device cookie.
 */
test('a shopper logs in from their usual browser while another browser at the same address is refused after 35 wrong passwords', async ({ page, browser, playwright, baseURL, extraHTTPHeaders }) => {
  const { email, password } = await registerShopper(page);
  const account = { email, password };
  await page.goto('/');
  await logOut(page);
  // An ordinary login: the browser gets its device cookie.
  await logInWithModal(page, account);
  await logOut(page);

  const attacker = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  // All at once: each waits out the e-mail's slow-down side by side.
  await Promise.all(Array.from({ length: 35 }, (_, i) => attacker.post('/api/user/login', { data: { email: account.email, password: `guess-${i}` } })));
  await attacker.dispose();

  await logInWithModal(page, account);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  const otherBrowser = await browser.newContext({ baseURL, extraHTTPHeaders });
  const other = await otherBrowser.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = other.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Too many failed login attempts for this email from your network/);
  await otherBrowser.close();
});
