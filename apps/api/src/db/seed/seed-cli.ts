import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.js';
import { createImageService } from '../../modules/images/image-service.js';
import { createImageStorage } from '../../modules/images/image-storage.js';
import { openDatabase } from '../client.js';
import { DataDirInUseError } from '../data-dir-lock.js';
import { seedCatalogueIfEmpty } from './seed.js';
import { seedSyntheticOrders, seedSyntheticProducts, seedSyntheticShops } from './synthetic.js';

/**
 * `npm run seed -- --sellers N --products N --orders N`: adds synthetic data to the configured database
 * (DATABASE_URL, or the PGlite under DATA_DIR), after the demo catalogue it reuses the artwork of: N
 * approved shops, the products spread evenly over them (over the first shop without --sellers), and orders
 * of those products, each of one shop (issue 26).
 */
const usage = 'usage: npm run seed -- [--sellers N] [--products N] [--orders N]';

function count(value: string | undefined, name: string): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > 10_000_000) throw new ConfigError(`--${name} must be a whole number from 0 to 10,000,000 (${usage})`);
  return n;
}

async function main() {
  // An unknown option (`--help`, `--product`) or a forgotten `--` is the usage line, not Node's stack (a newcomer's probe).
  let values: { sellers?: string; products?: string; orders?: string };
  try {
    ({ values } = parseArgs({ options: { sellers: { type: 'string' }, products: { type: 'string' }, orders: { type: 'string' } } }));
  } catch (err) {
    throw new ConfigError(`${err instanceof Error ? err.message : String(err)} (${usage})`);
  }
  const wanted = { sellers: count(values.sellers, 'sellers'), products: count(values.products, 'products'), orders: count(values.orders, 'orders') };
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  try {
    const images = createImageService(createImageStorage(database, config.dataDir));
    await seedCatalogueIfEmpty(database.db, images, (msg) => console.log(msg));
    const timed = async <T>(what: keyof typeof wanted, seed: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await seed();
      console.log(`added ${wanted[what]} ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.driver})`);
      return result;
    };
    const shops = wanted.sellers > 0 ? await timed('sellers', () => seedSyntheticShops(database.db, wanted.sellers)) : undefined;
    if (wanted.products > 0) await timed('products', () => seedSyntheticProducts(database.db, wanted.products, 1, shops));
    if (wanted.orders > 0) await timed('orders', () => seedSyntheticOrders(database.db, wanted.orders));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
