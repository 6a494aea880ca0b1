import { saveAddress } from './support/checkout';
import { checkScreen } from './support/marketplace';
import { registerShopper } from './support/shop';
import { expect, test } from './support/test';

test('a visitor is sent from /add-address to /cart, told to log in, with the login open', async ({ page }) => {
  await page.goto('/add-address');
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'Please log in to add an address' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'User Login' })).toBeVisible();
});

test('the address form shows messages next to the fields, then saves and returns to the cart with it selected @phone', async ({ page }) => {
  await registerShopper(page);
  await page.goto('/add-address');
  await expect(page.getByRole('heading', { name: 'Add Shipping Address' })).toBeVisible();
  // Every field says it is needed before a first Save (a screen reader heard it only from the messages).
  for (const label of ['First Name', 'Last Name', 'Email address', 'Street', 'City', 'State', 'Zip code', 'Country', 'Phone']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveJSProperty('required', true);
  }

  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Country is required')).toBeVisible();
  // The first field to mend has the focus (and so is on screen).
  await expect(page.getByLabel('First Name')).toBeFocused();

  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Verma');
  await page.getByLabel('Email address').fill('asha-at-example');
  await page.getByLabel('Street').fill('12 MG Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').fill('Maharashtra');
  await page.getByLabel('Zip code').fill('41100A');
  await page.getByLabel('Country').fill('India');
  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Zip code must be numeric (3 to 10 digits)')).toBeVisible();
  await expect(page.getByText('Enter a valid phone number')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeHidden();

  await page.getByLabel('Email address').fill('asha@example.com');
  await page.getByLabel('Zip code').fill('411001');
  // Digits enough for some country, not for an Indian courier to call (a probe saved 0000000).
  await page.getByLabel('Phone').fill('0000000');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('An Indian phone number has 10 digits (a mobile, or a landline with its area code)')).toBeVisible();
  await page.getByLabel('Phone').fill('+91 98765 43210');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();

  const { addresses } = await (await page.request.get('/api/address/get')).json();
  expect(addresses).toHaveLength(1);
  await expect(page).toHaveURL(`/cart?address=${addresses[0]._id}`);
});

test('a second click while the form is on its way saves one address, also while its checks still load', async ({ page }) => {
  await registerShopper(page);
  // A slow phone's first form: the checks' chunk arrives late, and the button was still enabled meanwhile.
  await page.route('**/assets/form-schemas*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/address/add')) posts.push(request.url());
  });
  await page.goto('/add-address');
  for (const [label, value] of [['First Name', 'Asha'], ['Last Name', 'Verma'], ['Email address', 'asha@example.com'], ['Street', '12 MG Road'], ['City', 'Pune'], ['State', 'Maharashtra'], ['Zip code', '411001'], ['Country', 'India'], ['Phone', '+91 98765 43210']]) {
    await page.getByLabel(label!).fill(value!);
  }
  const save = page.getByRole('button', { name: 'Save address' });
  await save.click();
  await save.click({ force: true, timeout: 1_000 }).catch(() => undefined);
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(page).toHaveURL(/\/cart\?address=/);
  expect(posts).toHaveLength(1);
  const { addresses } = await (await page.request.get('/api/address/get')).json();
  expect(addresses).toHaveLength(1);
});

test('a shopper removes a saved address beside the form; only the others stay saved @phone', async ({ page }) => {
  await registerShopper(page);
  await saveAddress(page, { street: '12 MG Road' });
  await saveAddress(page, { street: '7 Old Quarry Lane', city: 'Nashik' });
  await page.goto('/add-address');
  const saved = page.getByRole('region', { name: 'Saved addresses' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await checkScreen(page, 'address-saved-list');
  // Asked once more (there is no undo); Keep leaves it, with the keyboard's focus on it.
  await saved.getByRole('button', { name: /^Remove .*7 Old Quarry Lane, Nashik/ }).click();
  const asked = saved.getByRole('group', { name: /^Remove .*7 Old Quarry Lane, Nashik.*\?$/ });
  await expect(asked.getByRole('button', { name: 'Keep' })).toBeFocused();
  await checkScreen(page, 'address-remove-asked');
  await asked.getByRole('button', { name: 'Keep' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await saved.getByRole('button', { name: /^Remove .*7 Old Quarry Lane, Nashik/ }).click();
  await asked.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address removed' })).toBeVisible();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved.getByText(/12 MG Road/)).toBeVisible();
  const { addresses } = (await (await page.request.get('/api/address/get')).json()) as { addresses: { street: string }[] };
  expect(addresses.map((a) => a.street)).toEqual(['12 MG Road']);
});
