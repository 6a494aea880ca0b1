import { approvedShop, checkScreen } from './support/marketplace';
import { loginSeller } from './support/shop';
import { expect, test } from './support/test';

/**
 * Where a shop's payouts go (issue 26, docs/decisions/0170, 0191, 0199): on the shop's Balance screen, and on the
 * operator's Payouts screen, where the operator sets, changes or disconnects a shop's account. The browser suite's
 * server runs without Stripe, so payouts stay manual here; the Stripe side (the shop's own account, the operator
 * refused over it) runs in stripe-connect.spec.ts on a server of its own with Stripe, and in the API tests.
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

test("the operator sets, changes and disconnects a shop's payout account on the Payouts screen, which says who set it @phone", async ({ page, browser }) => {
  test.slow();
  const run = Date.now().toString(36);
  const shopName = `Kaveri Organics ${run}`;
  // One Stripe account pays one shop: each run (and each browser project) names its own.
  const [first, second] = [`acct_1Kaveri${run}A`, `acct_1Kaveri${run}B`];
  const operator = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await approvedShop(page, operator, shopName);

  await operator.goto('/seller/payouts');
  // Found by its name: a new shop owed nothing may be past the list's first page once other tests' shops are many.
  await operator.getByLabel('Find a shop').fill(shopName);
  const payoutAccount = operator.getByRole('listitem', { name: shopName }).getByRole('region', { name: `Payout account of ${shopName}` });
  await expect(payoutAccount).toContainText('None: payouts are recorded by hand');
  await expect(payoutAccount.getByRole('button', { name: 'Disconnect', exact: true })).toHaveCount(0);
  // The shared schema checks the id before it is sent.
  await payoutAccount.getByRole('button', { name: 'Set account' }).click();
  await payoutAccount.getByLabel('Stripe account id').fill('acct_x');
  await payoutAccount.getByRole('button', { name: 'Save account' }).click();
  await expect(payoutAccount.getByText('A Stripe account id looks like acct_1A2b3C4d5E6f7G8h')).toBeVisible();
  await payoutAccount.getByLabel('Stripe account id').fill(first);
  await payoutAccount.getByRole('button', { name: 'Save account' }).click();
  await expect(operator.getByRole('status').filter({ hasText: "The shop's Stripe account is kept; payouts are recorded by hand until Stripe is configured" })).toBeVisible();
  await expect(payoutAccount).toContainText(`${first} · set by the operator`);
  await checkScreen(operator, 'operator-payout-account-set');

  // The operator's own pick is changed in one step.
  await payoutAccount.getByRole('button', { name: 'Change account' }).click();
  await payoutAccount.getByLabel('Stripe account id').fill(second);
  await payoutAccount.getByRole('button', { name: 'Save account' }).click();
  await expect(payoutAccount).toContainText(`${second} · set by the operator`);

  // Disconnecting asks first; "Keep it" changes nothing.
  await payoutAccount.getByRole('button', { name: 'Disconnect', exact: true }).click();
  const disconnect = payoutAccount.getByRole('group', { name: `Disconnect the payout account of ${shopName}` });
  await expect(disconnect).toContainText(`Payouts to ${shopName} are recorded by hand until an account is set again.`);
  await checkScreen(operator, 'operator-payout-account-disconnect');
  await disconnect.getByRole('button', { name: 'Keep it' }).click();
  await expect(payoutAccount).toContainText(`${second} · set by the operator`);
  await payoutAccount.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await disconnect.getByRole('button', { name: 'Disconnect account' }).click();
  await expect(payoutAccount).toContainText('None: payouts are recorded by hand');
  await operator.reload();
  await expect(payoutAccount).toContainText('None: payouts are recorded by hand');

  // The shop itself has no such screen: the operator's alone.
  await page.goto('/seller/payouts');
  await expect(page.getByText('Only the GreenCart operator can open this page.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Payout account of/ })).toHaveCount(0);
  await operator.context().close();
});
