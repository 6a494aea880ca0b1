import { checkScreen } from './support/marketplace';
import { loginSeller } from './support/shop';
import { expect, test } from './support/test';

/**
 * Where a shop's payouts go, on its Balance screen (issue 26, docs/decisions/0170). The browser suite's server
 * runs without Stripe, so the screen says payouts are recorded manually and offers no Stripe account to connect;
 * the Stripe side (account, onboarding link, status) is covered by the API tests on a Stripe stand-in
 * (stripe-marketplace.test.ts) and in the browser by stripe-connect.spec.ts, on a server of its own with Stripe.
 */
test('without Stripe, the Balance screen says payouts are recorded manually and offers no Stripe connection', async ({ page }) => {
  await loginSeller(page);
  await page.goto('/seller/balance');
  const panel = page.getByRole('region', { name: 'Payout account' });
  await expect(panel).toContainText('Payouts are recorded manually');
  await expect(panel.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Balance' })).toBeVisible();
  await checkScreen(page, 'seller-balance-payout-account');
});
