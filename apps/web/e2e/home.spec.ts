import { CATEGORIES } from '@greencart/shared';
import { expect, test } from './support/test';
import { catalogue, productCards, waitForCards } from './support/storefront';

test('the home page shows the banner, categories, best sellers, claims and newsletter @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Harvesting Happiness, Delivering Daily!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Explore Deals' })).toHaveAttribute('href', '/products');

  // The seven categories, with the spec's colours, each to /products/{path in lower case}.
  const categories = page.getByRole('region', { name: 'Categories' });
  for (const category of CATEGORIES) {
    const link = categories.getByRole('link', { name: category.text });
    await expect(link).toHaveAttribute('href', `/products/${category.path.toLowerCase()}`);
    const background = await link.evaluate((el) => getComputedStyle(el).backgroundColor);
    const hex = category.bgColor.slice(1).match(/../g)!.map((h) => parseInt(h, 16));
    expect(background).toBe(`rgb(${hex.join(', ')})`);
  }

  // Best Sellers: the first 5 in-stock products, in catalogue order.
  const expected = (await catalogue(page)).filter((p) => p.inStock).slice(0, 5).map((p) => p.name);
  await waitForCards(page);
  await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('article')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('heading', { level: 3 })).toHaveText(expected);

  const why = page.getByRole('region', { name: 'Why We Are The Best ?' });
  for (const claim of ['Fastest Delivery', 'Freshness Guaranteed', 'Affordable Prices', 'Trusted by Thousands']) {
    await expect(why.getByRole('heading', { name: claim })).toBeVisible();
  }
  await expect(why).toContainText('Groceries delivered in under 30 minutes.');
  await expect(why).toContainText('Loved by 10,000+ happy customers.');

  // Every image of the page (banners, categories, cards) loads: no broken image.
  for (const img of await page.locator('img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
});

test('the newsletter checks the e-mail address, then confirms with a toast @phone', async ({ page }) => {
  await page.goto('/');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  await expect(page.getByText('Thanks for subscribing!')).toHaveCount(0);

  await email.fill('shopper@example.com');
  await email.press('Enter');
  await expect(page.getByText('Thanks for subscribing!')).toBeVisible();
  await expect(email).toHaveValue('');
  await expect(page.getByText('Please enter a valid e-mail address.')).toHaveCount(0);
});

test('the footer shows the blurb and the three link groups, and Sell on GreenCart leads to the shop application @phone', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('We deliver fresh groceries and snacks straight to your door.');
  const groups = {
    'Quick Links': ['Home', 'Best Sellers', 'Offers & Deals', 'Contact Us', 'FAQs', 'Sell on GreenCart'],
    'Need help?': ['Delivery Information', 'Return & Refund Policy', 'Payment Methods', 'Track your Order', 'Contact Us'],
    'Follow Us': ['Instagram', 'Twitter', 'Facebook', 'YouTube'],
  };
  for (const [title, links] of Object.entries(groups)) {
    await expect(footer.getByRole('heading', { name: title })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: title }).getByRole('link')).toHaveText(links);
  }
  await footer.getByRole('link', { name: 'Sell on GreenCart' }).click();
  await expect(page).toHaveURL('/seller/register');
  await expect(page.getByRole('heading', { name: 'Open a shop on GreenCart' })).toBeVisible();
});

test("a failed load of the best sellers after a click on Home shows 'Error fetching products', and Home loads again", async ({ page }) => {
  // `/` arrives rendered by the server with its Best Sellers; a click on Home from another page loads them in the browser.
  let fail = true;
  await page.route('**/api/product/best-sellers', (route) =>
    fail ? route.fulfill({ status: 500, json: { success: false, message: 'boom', code: 'INTERNAL' } }) : route.continue(),
  );
  await page.goto('/contact');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText('Error fetching products')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  fail = false;
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(productCards(page)).toHaveCount(5);
});

test('an unknown page shows a 404 with a way home, and answers 404 @phone', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');

  // `/data` (the data routes' prefix) is no page either, and the app starts on its 404 as on any other: the chat is there.
  expect((await page.goto('/data'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
});
