import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { registerWeb } from './web.js';

/**
 * The built web app as the server sees it: index.html, and home.html with `/` prerendered by the build
 * (docs/decisions/0082). The markup is a short stand-in for the build's output; what the build renders
 * is checked in apps/web/src/app/prerender-home.test.tsx and, with JavaScript off, in e2e/home-shell.spec.ts.
 */
const head = '<head><meta name="currency" content="Rs" />\n<meta name="online-payment" content="available" /></head>';
const INDEX_HTML = `<!doctype html><html>${head}<body><div id="root"></div></body></html>`;
const HOME_HTML = `<!doctype html><html>${head}<body><div id="root"><header><nav aria-label="Main"><a href="/">GreenCart</a><button type="button">Login</button></nav></header><main><img alt="Fresh vegetables and fruits"/><h1>Harvesting Happiness, Delivering Daily!</h1></main></div></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-web-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function shopServing(files: Record<string, string>, options = { currency: '€', onlinePayment: false }) {
  const webDist = await fs.mkdtemp(path.join(dir, 'dist-'));
  for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(webDist, name), text);
  const app = Fastify({ logger: false });
  // As the app: the image route's schemas are zod (lib/route-schema.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerWeb(app, { webDist, ...options });
  return app;
}

const page = (app: Awaited<ReturnType<typeof shopServing>>, url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('the prerendered home page', () => {
  it('answers / with the prerendered shell (navbar and banner in the HTML), with the server’s settings', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML, 'home.html': HOME_HTML });
    const res = await page(app, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('alt="Fresh vegetables and fruits"');
    expect(res.body).toContain('<nav aria-label="Main">');
    expect(res.body).toContain('<meta name="currency" content="€" />');
    expect(res.body).toContain('<meta name="online-payment" content="unavailable" />');
    await app.close();
  });

  it('answers every other client route with the plain index.html: /products never shows the home page', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML, 'home.html': HOME_HTML });
    for (const url of ['/products', '/products/vegetables', '/cart', '/seller', '/no-such-page']) {
      const res = await page(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('Fresh vegetables and fruits');
      expect(res.body, url).toContain('<meta name="currency" content="€" />');
    }
    await app.close();
  });

  it('never hands out the pages as raw files, where the server’s settings would be missing', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML, 'home.html': HOME_HTML });
    for (const url of ['/home.html', '/index.html']) {
      const res = await page(app, url);
      expect(res.body, url).toContain('<meta name="currency" content="€" />');
      expect(res.body, url).not.toContain('Fresh vegetables and fruits');
    }
    await app.close();
  });

  it('falls back to index.html for / when the build has no prerendered page', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML }, { currency: 'Rs', onlinePayment: true });
    const res = await page(app, '/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="online-payment" content="available" />');
    await app.close();
  });
});
