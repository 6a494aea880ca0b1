import { payWithTestCard, rsMinor, saveAddress, saveServerCart } from './support/checkout';
import { checkScreen } from './support/marketplace';
import { loginSeller, registerShopper, type CatalogueProduct } from './support/shop';
import { expect, test, type Page } from './support/test';

/**
 * Issue 28's substitutions: the shopper sets a line's preference in the cart; the seller records a short pick
 * with a substitute before packing; the shopper sees what was picked and the refund in My Orders.
 */

/** The first shop's products on sale with units to spare, cheapest first. */
async function operatorProducts(page: Page) {
  const { products } = (await (await page.request.get('/api/product/list')).json()) as { products: (CatalogueProduct & { seller: { slug: string } })[] };
  return products.filter((p) => p.seller.slug === 'greencart' && p.inStock && (p.stock === null || p.stock >= 5)).sort((a, b) => a.offerPrice - b.offerPrice);
}

const minor = (major: number) => Math.round(major * 100);
const total = (subtotal: number) => subtotal + Math.floor((subtotal * 2) / 100);

test('a seller records a short pick with a substitute; the shopper sees it and the refund in My Orders', async ({ page }) => {
  // Three screens, a card payment and six screenshots: longer than one screen's test.
  test.setTimeout(150_000);
  const products = await operatorProducts(page);
  const cheapest = products[0]!;
  const dearest = products.at(-1)!;
  const other = products.find((p) => p !== cheapest && p !== dearest)!;
  await registerShopper(page);
  await saveAddress(page);
  await saveServerCart(page, { [dearest._id]: 2, [other._id]: 1 });

  // The cart: the default and each line's preference.
  await page.goto('/cart');
  await expect(page.getByLabel('If an item is unavailable, by default')).toHaveValue('similar');
  await expect(page.getByLabel(`If ${dearest.name} is unavailable`)).toHaveValue('similar');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && r.request().method() === 'POST');
  await page.getByLabel(`If ${other.name} is unavailable`).selectOption({ label: "Don't replace" });
  expect((await saved).ok()).toBe(true);
  await checkScreen(page, 'cart-substitutions');

  // Paid by card through the test payment page.
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByLabel('Payment Method').selectOption({ label: 'Online Payment' });
  await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  await payWithTestCard(page);
  await expect(page).toHaveURL('/my-orders', { timeout: 15_000 });
  const { _id: orderId, orderNumber } = ((await (await page.request.get('/api/order/user')).json()) as { orders: { _id: string; orderNumber: string }[] }).orders[0]!;
  const card = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(card.getByRole('listitem').filter({ hasText: other.name }).getByText("If unavailable: Don't replace")).toBeVisible();

  // The seller: one of two picked, the other replaced by the cheapest product, found by a search of the shop.
  await loginSeller(page);
  await page.goto(`/seller/orders?q=${orderId}`);
  await page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByRole('button', { name: /^Record picks of order GC-\d+$/ }).click();
  const form = page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByRole('form', { name: /^Picks of order GC-\d+$/ });
  // The keyboard goes on in the form, at its first line's count (a probe's went to the page's heading).
  await expect(form.getByRole('combobox').first()).toBeFocused();
  // Nothing picked is said to cancel the order before it is saved; Cancel throws the draft away (a probe saved a
  // "None" kept after Cancel and cancelled the order).
  await form.getByLabel(`Picked of ${dearest.name}`).selectOption('0');
  await form.getByLabel(`Picked of ${other.name}`).selectOption('0');
  await expect(form.getByText(`Nothing picked: saving cancels order ${orderNumber} and tells the shopper.`)).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  // Closed, the keyboard stays on the order's card: its status.
  await expect(page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByLabel(/^Status of order GC-\d+$/)).toBeFocused();
  await page.getByRole('listitem', { name: `Order ${orderNumber}` }).getByRole('button', { name: /^Record picks of order GC-\d+$/ }).click();
  await expect(form.getByLabel(`Picked of ${dearest.name}`)).toHaveValue('2');
  await expect(form.getByLabel(`Picked of ${other.name}`)).toHaveValue('1');
  await expect(form.getByText(/^Nothing picked/)).toHaveCount(0);
  await form.getByLabel(`Picked of ${dearest.name}`).selectOption('1');
  await expect(form.getByText('The shopper asked not to replace this item.')).toHaveCount(0);
  await form.getByLabel(`Picked of ${other.name}`).selectOption('0');
  await expect(form.getByText('The shopper asked not to replace this item.')).toBeVisible();
  // The operator's search covers the order's shop only (another shop's product would be refused as a substitute).
  const searched = page.waitForRequest((r) => r.url().includes('/api/seller/products?') && new URL(r.url()).searchParams.get('seller') === 'greencart');
  await form.getByLabel(`Substitute for ${dearest.name} (optional)`).fill(cheapest.name);
  await searched;
  await form.getByRole('list', { name: `Substitutes for ${dearest.name}` }).getByRole('button', { name: new RegExp(`^${cheapest.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await expect(form.getByText(`Substitute: ${cheapest.name} x 1, charged ${rsMinor(minor(cheapest.offerPrice))} each`)).toBeVisible();
  await checkScreen(page, 'seller-pick-form');

  const before = total(2 * minor(dearest.offerPrice) + minor(other.offerPrice));
  const after = total(minor(dearest.offerPrice) + minor(cheapest.offerPrice));
  const refund = before - after;
  await form.getByRole('button', { name: 'Save picks' }).click();
  // Final, and money moves: asked first; Cancel keeps the form as it was (a seller-area probe saved at once).
  const asked = page.getByRole('dialog', { name: `Save the picks of order ${orderNumber}?` });
  await expect(asked).toContainText('Picks are saved once and cannot be changed');
  await expect(asked).toContainText('refunded to the card at once');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  await expect(form.getByLabel(`Picked of ${dearest.name}`)).toHaveValue('1');
  await form.getByRole('button', { name: 'Save picks' }).click();
  await asked.getByRole('button', { name: 'Yes, save picks' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Picks recorded; the total is refunded by ${rsMinor(refund)}` })).toBeVisible();
  const row = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect(row.getByText(`${cheapest.name} x 1 (substitute)`)).toBeVisible();
  await expect(row.getByRole('button', { name: /^Record picks of order GC-\d+$/ })).toHaveCount(0);

  // The shopper sees what was picked and the refund.
  await page.goto('/my-orders');
  await expect(card.getByRole('note')).toContainText(`${rsMinor(refund)} refunded to your card.`);
  await expect(card.getByText(`Total Amount : ${rsMinor(after)}`)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: dearest.name }).first().getByText('Picked: 1 of 2')).toBeVisible();
  await expect(card.getByText(`Substitute for ${dearest.name}`)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: other.name }).getByText('Not available')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Order timeline' }).getByRole('listitem')).toHaveText([/^Order Placed/, /^Picked/]);
  await checkScreen(page, 'my-orders-after-pick');
});
