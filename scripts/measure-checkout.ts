// CPU per cash-on-delivery order, measured in one process through app.inject (no HTTP, no load
// generator competing for the cores): 20 shoppers place orders at once, 5 lines each (one product all
// of them buy), after a warm-up. Node's CPU time per order (process.cpuUsage, confirmation e-mails
// included: the run waits for them) is steadier on a busy machine than wall-clock rates. PGlite by
// default (its database work is in this process too); PostgreSQL with TEST_DB_DRIVER=postgres and
// TEST_DATABASE_URL (a fresh database is made and dropped). docs/perf.md "Checkout throughput".
//   node --import tsx scripts/measure-checkout.ts [orders=1000]
import os from 'node:os';
import { buildTestApp, createAddress, createProduct, createShopper } from '../apps/api/src/test/test-app.js';

const ORDERS = Number(process.argv[2] ?? 1000);
const WARM_UP = 100;
const SHOPPERS = 20;

const t = await buildTestApp();
const { app } = t;
try {
  const shared = await createProduct(app, { name: 'Best Seller' });
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const shopper = await createShopper(app);
    const address = await createAddress(app, shopper.user.id);
    const own = [];
    for (let j = 0; j < 4; j++) own.push((await createProduct(app)).id);
    shoppers.push({ cookie: shopper.cookie, address: address.id, products: [shared.id, ...own], placed: 0 });
  }
  const latencies: number[] = [];
  let started = 0;
  let failures = 0;
  let cpuStart = process.cpuUsage();
  let wallStart = performance.now();
  const shopperLoop = async (shopper: (typeof shoppers)[number]) => {
    while (started < WARM_UP + ORDERS) {
      const index = started++;
      // The first order after the warm-up starts the clocks.
      if (index === WARM_UP) {
        cpuStart = process.cpuUsage();
        wallStart = performance.now();
      }
      const n = shopper.placed++;
      const items = shopper.products.map((product, line) => ({ product, quantity: (Math.floor(n / 9 ** line) % 9) + 1 }));
      const begun = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/order/cod', payload: { items, address: shopper.address }, headers: { cookie: shopper.cookie } });
      if (index >= WARM_UP) latencies.push(performance.now() - begun);
      if (res.statusCode !== 200) failures++;
    }
  };
  await Promise.all(shoppers.map(shopperLoop));
  // Every confirmation sent (the outbox, docs/decisions/0083), so its CPU is counted as before.
  await app.mailSender.flush();
  const cpu = process.cpuUsage(cpuStart);
  const wall = performance.now() - wallStart;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
  console.log(
    JSON.stringify({
      driver: t.database.driver,
      orders: latencies.length,
      failures,
      cpuMsPerOrder: +((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2),
      ordersPerSecond: Math.round((latencies.length / wall) * 1000),
      p50: at(0.5),
      p99: at(0.99),
      loadAverage: os.loadavg()[0]!.toFixed(1),
    }),
  );
} finally {
  await t.close();
}
