import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEV_SELLER_EMAIL, ENV_VARIABLES, loadConfig } from './env.js';

describe('configuration', () => {
  it('.env.example names every variable the server reads (DATABASE_POOL_SIZE, STORE_TIME_ZONE and WEB_DIST were missing)', () => {
    const example = fs.readFileSync(fileURLToPath(new URL('../../../../.env.example', import.meta.url)), 'utf8');
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(ENV_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });

  it('uses documented defaults with no environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.currency).toBe('Rs');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(20);
    expect(config.seller.email).toBe(DEV_SELLER_EMAIL);
  });

  it("reads a .env file of the directory it starts from, the environment's own values winning (.env.example's promise)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greencart-env-'));
    try {
      fs.writeFileSync(path.join(dir, '.env'), 'PORT=4999\nCURRENCY=INR\nMAIL_FROM="GreenCart <orders@example.com>"\n');
      const envModule = fileURLToPath(new URL('./env.ts', import.meta.url));
      // Started outside the repository: tsx named by its file (its one export).
      const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const script = `const { loadConfig } = await import(${JSON.stringify(envModule)}); const c = loadConfig(); console.log(JSON.stringify([c.port, c.currency]));`;
      const { PORT: _port, CURRENCY: _currency, ...env } = process.env;
      const run = (extra: Record<string, string>) =>
        JSON.parse(execFileSync(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], { cwd: dir, env: { ...env, ...extra }, encoding: 'utf8' })) as unknown;
      expect(run({})).toEqual([4999, 'INR']);
      expect(run({ PORT: '4321' })).toEqual([4321, 'INR']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a port number \(got "abc"\)$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/^Invalid configuration: DATABASE_POOL_SIZE must be at least 1 \(got "0"\)$/);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
  });

  it('caps connections per client address unless the shop is behind trusted proxies (their connections carry many clients)', () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(512);
    expect(loadConfig({ TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '64' }).maxConnectionsPerAddress).toBe(64);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/^Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS must be at least 1 \(got "0"\)$/);
  });

  it('refuses production without seller credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SELLER_EMAIL is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SELLER_EMAIL: 'boss@shop.in', SELLER_PASSWORD: 'long-enough-pw' }).seller.email).toBe('boss@shop.in');
  });

  it('keeps the test payment page off in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const production = { NODE_ENV: 'production', SELLER_EMAIL: 'boss@shop.in', SELLER_PASSWORD: 'long-enough-pw' };
    expect(loadConfig(production).allowTestPayments).toBe(false);
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }).allowTestPayments).toBe(true);
    expect(() => loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/^Invalid configuration: ALLOW_TEST_PAYMENTS must be true or false/);
  });

  it('reads TRUST_PROXY as off, a number of proxy hops, or the proxies\' addresses', () => {
    for (const off of [undefined, '', 'false', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses TRUST_PROXY=true (it trusted the client\'s own X-Forwarded-For) and junk, in one line saying what to write', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be the number of proxies in front of the shop \(e\.g\. 1\) or their addresses \(e\.g\. 10\.0\.0\.1,10\.1\.0\.0\/16\); true would trust the client's own X-Forwarded-For \(got "true"\)$/,
    );
    for (const junk of ['yes', '10.0.0.300', '10.0.0.0/33', '1.5', '-1', '10.0.0.1,,10.0.0.2']) expect(() => loadConfig({ TRUST_PROXY: junk })).toThrow(/TRUST_PROXY must be/);
  });
});
