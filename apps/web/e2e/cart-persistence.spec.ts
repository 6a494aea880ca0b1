import { expect, test, type Page } from './support/test';
import { logInWithModal, logOut, registerShopper, SHOPPER_PASSWORD, uniqueEmail } from './support/shop';
import { catalogue, waitForCards } from './support/storefront';

/**
 * Issue 25, item 0 (decisions 0092, 0093): a cart change a signed-in shopper saw survives a reload, a
 * closed tab and a second tab, although each happens well within the save's 400 ms delay.
 */

/** The cart the server holds for the page's shopper. */
const serverCart = async (page: Page) => ((await (await page.request.get('/api/user/is-auth')).json()) as { user: { cartItems: Record<string, number> } }).user.cartItems;

async function openProducts(page: Page) {
  await registerShopper(page);
  const [first, second] = (await catalogue(page)).filter((p) => p.inStock);
  await page.goto('/products');
  await waitForCards(page);
  return [first!, second!] as const;
}

test('an item added just before a reload is in the cart after it, and on the server', async ({ page }) => {
  const [tomato] = await openProducts(page);
  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1 });
});

test('an item added just before typing another address is in the cart there @phone', async ({ page }) => {
  const [tomato] = await openProducts(page);
  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: tomato.name })).toBeVisible();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1 });
});

test('an item added just before the tab is closed reaches the server, and a new tab shows it', async ({ page, context }) => {
  const [tomato] = await openProducts(page);
  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await page.close({ runBeforeUnload: true });
  // No page of the shop is open: only the closing page's own save can have brought it.
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1 });

  const next = await context.newPage();
  await next.goto('/cart');
  await expect(next.getByRole('listitem', { name: tomato.name })).toBeVisible();
});

test('two tabs show each other’s cart changes at once, and the server ends with both', async ({ page, context }) => {
  const [tomato, bread] = await openProducts(page);
  const other = await context.newPage();
  await other.goto('/products');
  await waitForCards(other);

  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await expect(other.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  await other.getByRole('button', { name: `Add ${bread.name} to cart` }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1, [bread._id]: 1 });
  await expect(other.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('two tabs end with both changes on the server when one tab’s save is answered after the other tab’s change', async ({ page, context }) => {
  const [tomato, bread] = await openProducts(page);
  const other = await context.newPage();
  await other.goto('/products');
  await waitForCards(other);
  // The first tab's save reaches the server at once; its answer is held until the other tab has added
  // to the cart, as on a slow network or a busy server (decision 0134).
  let answer!: () => void;
  const answerHeld = new Promise<void>((resolve) => (answer = resolve));
  let reachedServer!: () => void;
  const saveReachedServer = new Promise<void>((resolve) => (reachedServer = resolve));
  await page.route('**/api/cart/update', async (route) => {
    const response = await route.fetch();
    reachedServer();
    await answerHeld;
    await route.fulfill({ response });
  });

  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await expect(other.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  await saveReachedServer;
  await other.getByRole('button', { name: `Add ${bread.name} to cart` }).click();
  answer();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1, [bread._id]: 1 });
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('a tab left open follows another tab’s switch of account: the first shopper’s cart is neither shown nor saved to the next one', async ({ page, context, request }) => {
  const [tomato] = await openProducts(page);
  await page.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1 });
  const other = await context.newPage();
  await other.goto('/cart');
  await expect(other.getByRole('listitem', { name: tomato.name })).toBeVisible();

  // This browser's next shopper (an account made elsewhere, its cart empty) signs in through the first tab.
  const next = { email: uniqueEmail(), password: SHOPPER_PASSWORD };
  expect((await request.post('/api/user/register', { data: { name: 'Next Shopper', ...next } })).ok()).toBe(true);
  await logOut(page);
  await logInWithModal(page, next);
  // The other tab hears of it, asks who is signed in and shows that shopper's (empty) cart, not the first one's.
  await expect(other.getByRole('listitem', { name: tomato.name })).toBeHidden();
  await expect(other.getByRole('link', { name: 'Cart, 0 items', exact: true })).toBeVisible();
  expect(await serverCart(page)).toEqual({});
  // A change there now is the next shopper's, saved to their cart alone.
  await other.goto('/products');
  await other.getByRole('button', { name: `Add ${tomato.name} to cart` }).click();
  await expect.poll(() => serverCart(page)).toEqual({ [tomato._id]: 1 });
  await expect(other.getByRole('button', { name: 'Account' })).toBeVisible();
});
