import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import type { ProductService } from '../modules/products/product-service.js';
import { registerWeb } from './web.js';

/**
 * The built web app as the server sees it without a server renderer (an older build): index.html for
 * every page. The markup is a short stand-in for the build's output; the pages the renderer draws are
 * checked in storefront-pages.test.ts with the real build.
 */
const head = '<head><meta name="currency" content="Rs" />\n<meta name="online-payment" content="available" /></head>';
const INDEX_HTML = `<!doctype html><html>${head}<body><div id="root"></div></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-web-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function shopServing(files: Record<string, string | Buffer>, options = { currency: '€', onlinePayment: false }) {
  const webDist = await fs.mkdtemp(path.join(dir, 'dist-'));
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(webDist, name)), { recursive: true });
    await fs.writeFile(path.join(webDist, name), text);
  }
  const app = Fastify({ logger: false });
  // As the app: the image route's schemas are zod (lib/route-schema.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // No renderer in these builds: the catalogue is never read.
  const unused = {} as ProductService;
  await registerWeb(app, { webDist, timeZone: 'Asia/Kolkata', ...options, publicUrl: 'http://shop.test', products: unused, shops: { shop: () => Promise.reject(new Error('not read')) }, changes: { live: () => false, subscribe: () => {} } });
  return app;
}

const page = (app: Awaited<ReturnType<typeof shopServing>>, url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('a build without a server renderer', () => {
  it('answers every page, the storefront’s too, with the plain index.html and the server’s settings', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML });
    for (const url of ['/', '/products', '/products/vegetables', '/cart', '/seller', '/no-such-page']) {
      const res = await page(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<meta name="currency" content="€" />');
      expect(res.body, url).toContain('<meta name="online-payment" content="unavailable" />');
    }
    await app.close();
  });

  it('never hands out the page or a server bundle as raw files', async () => {
    const app = await shopServing({ 'index.html': INDEX_HTML, '.ssr/other.js': 'export const secret = 1;' });
    const raw = await page(app, '/index.html');
    expect(raw.body).toContain('<meta name="currency" content="€" />');
    const bundle = await app.inject({ method: 'GET', url: '/.ssr/other.js' });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('secret');
    await app.close();
  });
});

describe("the build's assets", () => {
  it('go out as the build compressed them, brotli or gzip as the browser accepts, else as they are, and say so to caches', async () => {
    const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;
    // Stand-ins whose bytes differ from what compressing the script now would give: what is sent is the file.
    const built = { br: zlib.brotliCompressSync(Buffer.from(`${script}\n// br`)), gz: zlib.gzipSync(`${script}\n// gz`) };
    const app = await shopServing({ 'index.html': INDEX_HTML, 'assets/app-1a2b.js': script, 'assets/app-1a2b.js.br': built.br, 'assets/app-1a2b.js.gz': built.gz });
    const get = (acceptEncoding?: string) =>
      app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

    for (const [accepted, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
      const res = await get(accepted);
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers['content-type'], accepted).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(encoding === 'br' ? built.br : built.gz), accepted).toBe(true);
    }
    for (const accepted of [undefined, 'identity']) {
      const res = await get(accepted);
      expect(res.headers['content-encoding'], accepted).toBeUndefined();
      expect(res.body, accepted).toBe(script);
      expect(res.headers.vary, accepted).toMatch(/accept-encoding/i);
    }
    await app.close();
  });
});
