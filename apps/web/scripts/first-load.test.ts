import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the build, without types
import { FIRST_LOAD_BUDGET, firstLoads, routeFiles, STOREFRONT_FIRST_LOAD_BUDGET } from './first-load.mjs';

type FirstLoad = { route: string; budget: number; files: string[]; bytes: number };

/**
 * Issue 27: every route's first load (the entry, its layouts' and its own modules with their static
 * imports) within the budget of gzipped JavaScript, measured on a real build. The browser test measures
 * `/` as a browser loads it; this one covers every route, the seller area's included.
 */
describe("every route's first load", () => {
  let loads: FirstLoad[];
  let out: string;

  beforeAll(() => {
    out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-')), 'dist');
    const built = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs'), '--out', out], {
      encoding: 'utf8',
      // Vitest sets NODE_ENV=test, which would build React's development bundles.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(built.status, built.stderr).toBe(0);
    loads = firstLoads(out) as FirstLoad[];
  }, 120_000);

  it('reads each route of the table with the layouts above it', () => {
    const routes = routeFiles(fs.readFileSync(path.join(import.meta.dirname, '../src/app/route-table.tsx'), 'utf8')) as { route: string; chain: string[] }[];
    const chainOf = (name: string) => routes.find((r) => r.route === `src/app/routes/${name}.tsx`)?.chain;
    expect(chainOf('seller-orders')).toEqual(['src/app/routes/seller-layout.tsx', 'src/app/routes/seller-orders.tsx']);
    // Outside the seller layout though its path starts with seller/.
    expect(chainOf('seller-register')).toEqual(['src/app/routes/seller-register.tsx']);
    expect(chainOf('home')).toEqual(['src/app/routes/storefront-layout.tsx', 'src/app/routes/home.tsx']);
  });

  it(`stays within ${FIRST_LOAD_BUDGET / 1024} kB of gzipped JavaScript, the storefront's pages within ${STOREFRONT_FIRST_LOAD_BUDGET / 1024} kB`, () => {
    const over = loads.filter((load) => load.bytes > load.budget).map((load) => `${load.route}: ${(load.bytes / 1024).toFixed(1)} kB of ${load.budget / 1024}`);
    expect(over).toEqual([]);
    // The seller area is held to issue 27's budget, not the storefront's.
    expect(loads.find((load) => load.route.endsWith('/seller-orders.tsx'))?.budget).toBe(FIRST_LOAD_BUDGET);
  });

  it("keeps the storefront's navbar and cart out of the seller area's first loads, and the pages' loaders out of theirs", () => {
    const fileOf = (name: string) => loads.find((load) => load.route === `src/app/routes/${name}.tsx`)!.files;
    const [storefront] = fileOf('storefront-layout').filter((file) => file.startsWith('assets/storefront-layout-'));
    expect(storefront).toBeDefined();
    const sellerFiles = loads.filter((load) => load.route.includes('/seller-')).flatMap((load) => load.files);
    expect(sellerFiles).not.toContain(storefront);
    const catalogue = (file: string) => fs.readFileSync(path.join(out, file), 'utf8').includes('/api/product/best-sellers');
    expect(fileOf('home').filter(catalogue)).toEqual([]);
  });

  it('carries no zod, toast library, chat or login form: they load when first used', () => {
    const lazyOnly = /^assets\/(?:form-schemas|toaster|chat-widget|chat-popup|login-modal)-/;
    const zod = (file: string) => fs.readFileSync(path.join(out, file), 'utf8').includes('ZodError');
    const found = loads.flatMap((load) => load.files.filter((file) => lazyOnly.test(file) || zod(file)).map((file) => `${load.route}: ${file}`));
    expect(found).toEqual([]);
  });

  it("carries no preload list for a dynamic import: the page's one stylesheet is taken out of Vite's (decision 0239)", () => {
    const scripts = fs.readdirSync(path.join(out, 'assets')).filter((file) => file.endsWith('.js'));
    const lazyImports = scripts.filter((file) => fs.readFileSync(path.join(out, 'assets', file), 'utf8').includes('import(`./'));
    expect(lazyImports.length).toBeGreaterThan(5);
    expect(scripts.filter((file) => fs.readFileSync(path.join(out, 'assets', file), 'utf8').includes('__vite__mapDeps'))).toEqual([]);
  });
});
