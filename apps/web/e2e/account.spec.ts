import { expect, test } from './support/test';
import { cartSaved, inStockProducts, logInWithModal, logOut, registerShopper, seedVisitorCart, SHOPPER_PASSWORD, uniqueEmail } from './support/shop';
import { catalogue, expectKeyboardKeptIn, expectTouchTargets, productCards } from './support/storefront';

test('sign up, fill the cart, reload keeps it, log out empties it, log in restores it @phone', async ({ page }) => {
  const [tomato] = await inStockProducts(page);
  const account = { name: 'Asha', email: uniqueEmail(), password: SHOPPER_PASSWORD };
  await seedVisitorCart(page, { [tomato!._id]: 1 });

  const firstSave = cartSaved(page);
  await logInWithModal(page, account);
  await expect(page).toHaveURL('/');
  await firstSave;

  await page.goto('/cart');
  const quantity = page.getByRole('combobox', { name: `Quantity of ${tomato!.name}` });
  await expect(quantity).toHaveValue('1');
  const saved = cartSaved(page);
  await quantity.selectOption('3');
  await expect(page.getByText('Cart Updated')).toBeVisible();
  await saved;

  await page.reload();
  await expect(page.getByRole('combobox', { name: `Quantity of ${tomato!.name}` })).toHaveValue('3');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await logInWithModal(page, { email: account.email.toUpperCase(), password: account.password });
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('combobox', { name: `Quantity of ${tomato!.name}` })).toHaveValue('3');
});

test('the login overlay validates fields, toasts a failed login, toggles and closes on the backdrop', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await expect(dialog).toBeVisible();
  // Modal: the page behind it (the navbar's Login, the page's links) is out of reach (inert) while it is open:
  // nothing there takes the focus, and the keyboard never leaves the dialog for it.
  const navbarLogin = page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });
  const reachable = () =>
    page.evaluate(() =>
      [[...document.querySelectorAll<HTMLElement>('header button')].find((button) => button.textContent?.trim() === 'Login')!, document.querySelector<HTMLElement>('main a[href]')!].map((element) => {
        element.focus();
        return document.activeElement === element;
      }),
    );
  expect(await reachable()).toEqual([false, false]);
  await expectKeyboardKeptIn(page, dialog, 10);

  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();

  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  // Said inside the dialog too: the toast behind it is out of a screen reader's reach while it is open (a probe).
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(dialog).toBeVisible();

  // Its buttons are 40 px or more (a finger's), the spec's "click here" in its sentence too (20 px: a probe); that one
  // is named by where it leads.
  await expectTouchTargets(page, 'dialog button');
  await dialog.getByRole('button', { name: 'click here to create an account' }).click();
  const signUp = page.getByRole('dialog', { name: 'User Sign Up' });
  await signUp.getByLabel('Password').fill('short');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(signUp.getByText('Name is required')).toBeVisible();
  await expect(signUp.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(signUp.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await page.mouse.click(5, 5);
  await expect(signUp).toBeHidden();
  expect(await reachable()).toEqual([true, true]);
  await navbarLogin.click();
  await expect(dialog).toBeVisible();
});

test("a later success takes an earlier error's toast away instead of leaving both on screen", async ({ page }) => {
  const product = (await catalogue(page)).find((p) => p.inStock)!;
  await page.goto('/products');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  const refused = page.getByRole('status').filter({ hasText: 'Invalid email or password' });
  await expect(refused).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  const card = productCards(page).filter({ has: page.getByRole('heading', { name: product.name }) });
  await card.getByRole('button', { name: `Add ${product.name} to cart` }).click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
  // Well within the error's own 4 seconds.
  await expect(refused).toBeHidden({ timeout: 1000 });
});

test('a login after a refusal takes the refusal’s toast away: it stayed over the page the shopper signed in to', async ({ page }) => {
  const account = await registerShopper(page);
  await page.context().clearCookies();
  await page.goto('/products');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'User Login' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  const refused = page.getByRole('status').filter({ hasText: 'Invalid email or password' });
  await expect(refused).toBeVisible();
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  // Well within the error's own 4 seconds.
  await expect(refused).toBeHidden({ timeout: 1000 });
});

test("a signed-in shopper's cart on a slow connection says it is loading, never that it is empty", async ({ page }) => {
  const [tomato] = await inStockProducts(page);
  await registerShopper(page);
  // The cart kept on the server only (another device's), the session's answer slow to come.
  expect((await page.request.post('/api/cart/update', { data: { cartItems: { [tomato!._id]: 2 } } })).ok()).toBeTruthy();
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/is-auth', async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto('/cart');
  await expect(page.getByText('Loading your cart…')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeHidden();
  release();
  await expect(page.getByRole('combobox', { name: `Quantity of ${tomato!.name}` })).toHaveValue('2');
});
