import { randomUUID } from 'node:crypto';
import { toMinor } from '@greencart/shared';
import { rsMinor } from './support/checkout';
import { checkScreen } from './support/marketplace';
import { expectNoSeriousAxeViolations, expectTouchTargets } from './support/storefront';
import { expect, test } from './support/test';
import { cartSaved, inStockProducts, logInWithModal, registerShopper, seedVisitorCart } from './support/shop';

/** The shop's price display: `Rs 40`, `Rs 39.50` (formatPrice). */
const rs = (major: number) => rsMinor(toMinor(major));

test("a visitor's cart merges into the account's on login: quantities summed, capped at 9", async ({ page }) => {
  const [apple, bread, milk] = await inStockProducts(page);
  const account = await registerShopper(page);
  const put = await page.request.post('/api/cart/update', { data: { cartItems: { [apple!._id]: 5, [bread!._id]: 2 } } });
  expect(put.ok(), await put.text()).toBeTruthy();
  expect((await page.request.get('/api/user/logout')).ok()).toBeTruthy();

  await seedVisitorCart(page, { [apple!._id]: 7, [milk!._id]: 1 });
  await expect(page.getByRole('link', { name: 'Cart, 8 items' })).toBeVisible();
  const saved = cartSaved(page);
  await logInWithModal(page, { email: account.email, password: account.password });
  await saved;

  await expect(page.getByRole('link', { name: 'Cart, 12 items' })).toBeVisible();
  const isAuth = await (await page.request.get('/api/user/is-auth')).json();
  expect(isAuth.user.cartItems).toEqual({ [apple!._id]: 9, [bread!._id]: 2, [milk!._id]: 1 });

  await page.reload();
  await page.goto('/cart');
  await expect(page.getByRole('combobox', { name: `Quantity of ${apple!.name}` })).toHaveValue('9');
});

test('the cart lists lines with weight, quantity, subtotal and remove; unavailable lines stay out @phone', async ({ page }) => {
  const [tomato] = await inStockProducts(page);
  await seedVisitorCart(page, { [tomato!._id]: 2, [randomUUID()]: 1 });
  await page.goto('/cart');

  await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toContainText('3 Items');
  const line = page.getByRole('listitem', { name: tomato!.name });
  await expect(line.getByText(`Weight: ${tomato!.weight}`)).toBeVisible();
  await expect(line.getByText(rs(tomato!.offerPrice * 2), { exact: true })).toBeVisible();
  const gone = page.getByRole('listitem', { name: 'Product no longer sold' });
  await expect(gone.getByText('Unavailable: not included in the total')).toBeVisible();
  await expect(gone.getByRole('combobox')).toHaveCount(0);
  // No quantity to choose, but the count shown: its Remove takes one off, as every line's.
  await expect(gone.getByText('Qty: 1')).toBeVisible();
  // The unavailable line is greyed, still readable (its grey was 2.6:1 against white: a probe's axe run).
  await expectNoSeriousAxeViolations(page);

  await line.getByRole('combobox', { name: `Quantity of ${tomato!.name}` }).selectOption('4');
  await expect(page.getByText('Cart Updated')).toBeVisible();
  await expect(line.getByText(rs(tomato!.offerPrice * 4), { exact: true })).toBeVisible();
  // Arrow keys step the select one quantity a press: one toast says so, replaced at each step, not one a step.
  await line.getByRole('combobox', { name: `Quantity of ${tomato!.name}` }).press('ArrowDown');
  await line.getByRole('combobox', { name: `Quantity of ${tomato!.name}` }).press('ArrowDown');
  await expect(line.getByText(rs(tomato!.offerPrice * 6), { exact: true })).toBeVisible();
  await expect(page.getByText('Cart Updated')).toHaveCount(1);

  await line.getByRole('button', { name: `Remove ${tomato!.name}` }).click();
  await expect(page.getByText('removed from cart')).toBeVisible();
  await expect(line.getByRole('combobox', { name: `Quantity of ${tomato!.name}` })).toHaveValue('5');
  // A low window, scrolled to the line: taking its last unit away keeps the page where it is (the focus given to the
  // cart's heading scrolled the page to its top).
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 420 });
  await gone.getByRole('button', { name: 'Remove Product no longer sold' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await gone.getByRole('button', { name: 'Remove Product no longer sold' }).click();
  await expect(gone).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);

  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL('/products');
});

test('an emptied cart says so and offers no checkout: no summary, no Place Order @phone', async ({ page }) => {
  const [tomato] = await inStockProducts(page);
  await seedVisitorCart(page, { [tomato!._id]: 1 });
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${tomato!.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  // The removed line's button went with it: the focus is on the cart's heading, not the page's body.
  await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await checkScreen(page, 'cart-empty');
});

test("on a phone the cart's controls are at least 40 px: quantity, Remove, payment, coupon and its Apply @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [tomato] = await inStockProducts(page);
  await seedVisitorCart(page, { [tomato!._id]: 2 });
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Apply coupon' })).toBeVisible();
  // Every form control and button of the page's content (its text links read as words in a sentence).
  await expectTouchTargets(page, 'main button, main select, main input:not([type=checkbox]):not([type=radio])');
});
