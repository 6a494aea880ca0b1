import { describe, expect, it } from 'vitest';
import { DEV_SELLER_EMAIL, loadConfig } from './env.js';

describe('configuration', () => {
  it('uses documented defaults with no environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.currency).toBe('Rs');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seller.email).toBe(DEV_SELLER_EMAIL);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a port number \(got "abc"\)$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
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
});
