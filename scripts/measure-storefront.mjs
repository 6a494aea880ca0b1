#!/usr/bin/env node
/* global document, window */
// Storefront budgets of issue 15, measured in Chromium (docs/perf.md): a benchmark, not a test.
//   node scripts/measure-storefront.mjs http://127.0.0.1:4298 http://127.0.0.1:4299
// Each URL is a running shop (e.g. one on the 49 demo products, one seeded with 100,000). For each:
// - /products on a phone (390x844) with 4x CPU slowdown: time to the first product card (median of
//   RUNS fresh page loads), JS heap after a garbage collection, DOM elements;
// - the navbar search (1280 px, where it shows) with 4x CPU slowdown: time from the last keystroke
//   to the final text's results on screen (median of RUNS);
// - scrolling /products on a phone with 4x CPU slowdown until SCROLL_PRODUCTS (500) cards are loaded:
//   the longest task the page's main thread ran meanwhile (PerformanceObserver 'longtask'; jank is a
//   task over 200 ms), how many tasks took over 50 ms, and the DOM elements and heap at the end;
// - the gzipped JavaScript of the first load of `/` (every script response, gzip level 9).
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node scripts/measure-storefront.mjs <shop URL> [<shop URL>...]');
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const SEARCHES = ['tomato', 'banana', 'cheese', 'bread', 'mango'];
const SCROLL_PRODUCTS = Number(process.env.SCROLL_PRODUCTS ?? 500);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A fresh context and page with the CPU slowed down through the DevTools protocol. */
async function slowPage(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

async function productsPage(base) {
  const times = [];
  let heapMb = 0;
  let elements = 0;
  for (let run = 0; run < RUNS; run++) {
    const { context, page, cdp } = await slowPage(PHONE);
    await page.goto(`${base}/products`, { waitUntil: 'commit' });
    await page.locator('main article').first().waitFor();
    // From the start of navigation to the first card on screen.
    times.push(await page.evaluate(() => performance.now()));
    if (run === RUNS - 1) {
      await page.waitForLoadState('networkidle');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      heapMb = metrics.find((m) => m.name === 'JSHeapUsedSize').value / 1024 / 1024;
      elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    }
    await context.close();
  }
  return { firstProductMs: median(times), heapMb, elements };
}

async function navbarSearch(base) {
  const { context, page } = await slowPage(DESKTOP);
  await page.goto(`${base}/`);
  await page.locator('main article').first().waitFor();
  await page.evaluate(() => document.addEventListener('input', () => (window.lastInputAt = performance.now()), true));
  const times = [];
  const legs = [];
  for (const text of SEARCHES) {
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('');
    await box.pressSequentially(text, { delay: 60 });
    // The last keystroke: when its input event reached the page (not when the typing call returned).
    const typedAt = await page.evaluate(() => window.lastInputAt);
    // The final text's results: the heading names it and the first card is one of its products.
    await page.waitForFunction(
      (wanted) => {
        const said = document.querySelector('main h1 + p')?.textContent?.includes(`“${wanted}”`);
        const first = document.querySelector('main article h3')?.textContent?.toLowerCase() ?? '';
        return said && first.includes(wanted);
      },
      text,
      { polling: 'raf' },
    );
    const shownAt = await page.evaluate(() => performance.now());
    times.push(shownAt - typedAt);
    // Where the time went: when the final text's request left and its answer was in, after the last keystroke.
    const request = await page.evaluate(
      (wanted) => performance.getEntriesByType('resource').findLast((e) => e.name.includes(`/api/product/search?q=${encodeURIComponent(wanted)}`)),
      text,
    );
    if (request) legs.push(`${text}: request +${(request.startTime - typedAt).toFixed(0)}, answer +${(request.responseEnd - typedAt).toFixed(0)}, shown +${(shownAt - typedAt).toFixed(0)} ms`);
  }
  await context.close();
  if (process.env.SEARCH_LEGS) console.log(legs.join('\n'));
  return { searchMs: median(times), searchMaxMs: Math.max(...times), searchTimes: times };
}

async function scrollJank(base) {
  const { context, page, cdp } = await slowPage(PHONE);
  await page.goto(`${base}/products`);
  await page.locator('main article').first().waitFor();
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  const started = Date.now();
  let cards = 0;
  // A shopper flicking down the list: a screen's height every 100 ms, the next pages loading on the way.
  let lastGrowth = Date.now();
  while (Date.now() - started < 180_000) {
    const seen = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return { cards: document.querySelectorAll('main article').length, more: [...document.querySelectorAll('main button')].some((b) => /Load more|Loading/.test(b.textContent)) };
    });
    if (seen.cards > cards) lastGrowth = Date.now();
    cards = seen.cards;
    // Enough cards, or a catalogue that has no more (no 'Load more' and nothing new for 3 s).
    if (cards >= SCROLL_PRODUCTS || (!seen.more && Date.now() - lastGrowth > 3000)) break;
    await page.waitForTimeout(100);
  }
  // The last page's cards drawn and their tasks reported.
  await page.waitForTimeout(1000);
  const longTasks = await page.evaluate(() => window.longTasks);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const figures = {
    scrolledCards: cards,
    scrollSeconds: (Date.now() - started) / 1000,
    longestTaskMs: Math.max(0, ...longTasks),
    tasksOver50: longTasks.length,
    tasksOver200: longTasks.filter((d) => d > 200).length,
    scrolledElements: await page.evaluate(() => document.getElementsByTagName('*').length),
    scrolledHeapMb: metrics.find((m) => m.name === 'JSHeapUsedSize').value / 1024 / 1024,
  };
  await context.close();
  return figures;
}

async function initialJs(base) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  // kB of 1,024 bytes, as e2e/storefront-quality.spec.ts counts them.
  return { initialJsKb: bytes / 1024 };
}

for (const base of urls) {
  const products = await fetch(`${base}/api/product/search?limit=1`).then((r) => r.json());
  const run = (name, measure) => (!ONLY || ONLY.test(name) ? measure(base) : {});
  const figures = { ...(await run('products', productsPage)), ...(await run('search', navbarSearch)), ...(await run('scroll', scrollJank)), ...(await run('js', initialJs)) };
  const said = [`${base} (first search page: ${products.products.length ? 'ok' : 'empty'})`];
  const ms = (n) => `${n.toFixed(0)} ms`;
  if (figures.firstProductMs !== undefined) said.push(`/products first product ${ms(figures.firstProductMs)}, heap ${figures.heapMb.toFixed(1)} MB, ${figures.elements} elements`);
  if (figures.searchMs !== undefined) said.push(`navbar search ${ms(figures.searchMs)} median, ${ms(figures.searchMaxMs)} worst (${figures.searchTimes.map(ms).join(', ')})`);
  if (figures.scrolledCards !== undefined) {
    said.push(
      `scrolled to ${figures.scrolledCards} products in ${figures.scrollSeconds.toFixed(1)} s: longest task ${ms(figures.longestTaskMs)}, ` +
        `${figures.tasksOver50} tasks > 50 ms, ${figures.tasksOver200} > 200 ms; then ${figures.scrolledElements} elements, heap ${figures.scrolledHeapMb.toFixed(1)} MB`,
    );
  }
  if (figures.initialJsKb !== undefined) said.push(`initial JS of / ${figures.initialJsKb.toFixed(1)} kB gzip`);
  console.log(said.join('; '));
}
await browser.close();
