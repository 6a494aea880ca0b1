import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './storefront';
import { SELLER, uniqueEmail } from './shop';

/** Shared steps for the marketplace's browser tests (issue 26). */

/**
 * The mails the e2e server wrote to DATA_DIR/outbox (no SMTP_URL), each as the text of its .eml file: whole mails only,
 * one being written is a .part file until it is renamed.
 */
export async function outboxMails(dataDir = process.env.E2E_DATA_DIR ?? '../../data/e2e'): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  return Promise.all(names.map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
}

/**
 * The link to `page` (its path's end, before `?token=`) e-mailed to `email`: the e2e server writes each mail to
 * DATA_DIR/outbox as an .eml file (no SMTP_URL). The body may be quoted-printable, which folds long lines and writes
 * '=' as '=3D'. `dataDir`: the DATA_DIR of a server a spec started itself (stripe-connect.spec.ts).
 */
export async function mailedLink(email: string, page: 'confirm' | 'reset-password', dataDir = process.env.E2E_DATA_DIR ?? '../../data/e2e'): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]*${page}\\?token=[^\\s"<>]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const raw of await outboxMails(dataDir)) {
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
          link = pattern.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `an e-mail to ${email} with a link to ${page}`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** The confirmation link e-mailed to a shop that applied (issue 26). */
export const confirmationLink = (email: string, dataDir?: string) => mailedLink(email, 'confirm', dataDir);

/**
 * Screenshots of the page at 1280 and 390 px, with the chat closed and open, into SHOTS_DIR when it is
 * set (the lead's review of every new screen); nothing otherwise. The viewport is put back afterwards.
 * `modal`: a dialog covers the page and its chat button; the chat is not opened.
 */
export async function shoot(page: Page, name: string, { modal = false } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  const before = page.viewportSize();
  // The chat opened and closed for its shots takes the focus: given back after, so the test goes on where it was.
  await page.evaluate(() => document.activeElement?.setAttribute('data-focus-before-shots', ''));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    if (modal) continue;
    // On a phone the toggle steps aside from a long form's controls (the cart's summary); it shows again at the page's end.
    const open = page.getByRole('button', { name: 'Open chat' });
    if (!(await open.click({ trial: true, timeout: 2_000 }).then(() => true, () => false))) await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await open.click();
    await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${width}-chat.png`) });
    await page.getByRole('button', { name: 'Close chat' }).click();
  }
  if (before) await page.setViewportSize(before);
  await page.evaluate(() => {
    const focused = document.querySelector<HTMLElement>('[data-focus-before-shots]');
    focused?.removeAttribute('data-focus-before-shots');
    focused?.focus();
  });
}

/**
 * A new screen's quality bar (the storefront's, issue 3): no serious axe violation, and on a 390 px phone
 * no sideways scroll and still no serious violation. It leaves the page at 390 px. A test of the phone
 * project is there already, and its one scan is the phone's (docs/decisions/0185). A test tagged @phone runs in
 * the phone project too, which checks the same screen there (on a phone: touch, its pixel ratio): on the desktop
 * it is checked at the desktop's size only, and stays there.
 */
export async function expectScreenQuality(page: Page) {
  const phone = { width: 390, height: 844 };
  const before = page.viewportSize();
  await expectNoSeriousAxeViolations(page);
  if (before?.width === phone.width && before.height === phone.height) return expectNoHorizontalScroll(page);
  if (test.info().tags.includes('@phone')) return;
  await page.setViewportSize(phone);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
}

/** A new screen's quality bar (`expectScreenQuality`), then its screenshots (`shoot`). */
export async function checkScreen(page: Page, name: string, options: { modal?: boolean } = {}) {
  const before = page.viewportSize();
  await expectScreenQuality(page);
  if (before) await page.setViewportSize(before);
  await shoot(page, name, options);
}

/**
 * A new shop through the API, as a seller applies (application, the e-mailed link) and the operator approves it.
 * `shop` ends signed in as the new seller; `operator` as the operator. `dataDir`: as for `confirmationLink`.
 */
export async function approvedShop(shop: Page, operator: Page, shopName: string, dataDir?: string) {
  const email = uniqueEmail('shop');
  const applied = await shop.request.post('/api/seller/register', {
    data: { shopName, name: 'Lakshmi Iyer', email, password: 'kaveri-rice-fields-9', phone: '+91 98450 33333', pickupAddress: '8 Temple Road, Mysuru 570001' },
  });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const sellerId = ((await applied.json()) as { seller: { id: string } }).seller.id;
  await shop.goto(await confirmationLink(email, dataDir));
  await expect(shop.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
  expect((await operator.request.post('/api/seller/login', { data: SELLER })).ok()).toBeTruthy();
  const approved = await operator.request.post('/api/seller/sellers/status', { data: { sellerId, status: 'approved' } });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return sellerId;
}

/** A statement's entry of a type, with a payout's reference; on a phone its cell also gives the day and the order (their columns are hidden there). */
export const statementEntry = (statement: Locator, type: string) =>
  statement.getByRole('cell', { name: new RegExp(`^${type}( Ref\\. .+?)?( \\d{1,2} [A-Z][a-z]{2} \\d{4}( · GC-\\d+)?)?$`) });

/** The next call to `url` reaches the server, which answers it, but its answer is lost (the connection drops): a retry's test. */
export const loseNextAnswer = (page: Page, url: string) =>
  page.route(
    url,
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
