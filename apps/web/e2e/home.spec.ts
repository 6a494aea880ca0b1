import { expect, test } from './support/test';

test('the home page renders the shop @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Harvesting Happiness, Delivering Daily!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/products');
});

test('an unknown page shows a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});
