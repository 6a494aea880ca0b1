import { ERROR_CODES, type ErrorCode } from '@greencart/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { registerErrorHandler } from './error-handler.js';

function appWithRoutes() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/crash', async () => {
    throw new Error('secret database detail');
  });
  app.get('/database-away', async () => {
    throw new Error('Failed query: select 1\nparams: ', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
  });
  app.get('/disk-full', async () => {
    throw Object.assign(new Error("ENOSPC: no space left on device, write '/data/uploads/x.webp'"), { code: 'ENOSPC' });
  });
  app.get('/database-disk-full', async () => {
    throw new Error('Failed query: insert into orders', { cause: Object.assign(new Error('could not extend file "base/16384/16400": No space left on device'), { code: '53100' }) });
  });
  app.get('/known', async () => {
    throw new AppError('OUT_OF_STOCK', 'Tomato is out of stock');
  });
  app.get<{ Params: { code: ErrorCode } }>('/refuse/:code', async (request) => {
    throw new AppError(request.params.code, 'refused');
  });
  app.get('/quoting', async () => {
    throw Object.assign(new Error(`URI Too Long: ${'x'.repeat(9000)}`), { statusCode: 414, code: 'FST_ERR_MAX_PARAM_LENGTH' });
  });
  app.post('/validate', { schema: { body: z.object({ address: z.object({ zipcode: z.string() }) }) } }, async () => ({ ok: true }));
  app.get(
    '/search',
    { schema: { querystring: z.object({ q: z.string().optional(), limit: z.coerce.number({ message: 'limit must be a number' }).optional(), status: z.enum(['Packed', 'Delivered'], { message: 'Unknown order status' }).optional() }) } },
    async () => ({ ok: true }),
  );
  return app;
}

describe('the error contract', () => {
  it('hides 5xx details from the caller', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' });
  });

  it('answers a database out of reach 503 DATABASE_UNAVAILABLE, to try again, not a 500', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/database-away' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: 'The shop cannot reach its database right now. Please try again in a moment.', code: 'DATABASE_UNAVAILABLE' });
  });

  it('answers a full disk (the files, or the database) 507 STORAGE_FULL in the error shape, not a 500', async () => {
    for (const url of ['/disk-full', '/database-disk-full']) {
      const res = await appWithRoutes().inject({ method: 'GET', url });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ success: false, message: 'The shop cannot save anything right now: its storage is full. Please try again later.', code: 'STORAGE_FULL' });
    }
  });

  it('answers a body of a type the call does not read 415 UNSUPPORTED_MEDIA_TYPE, a code of the catalogue', async () => {
    const res = await appWithRoutes().inject({ method: 'POST', url: '/validate', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'address=1' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('maps a known error to its status and code', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/known' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Tomato is out of stock', code: 'OUT_OF_STOCK' });
  });

  it('answers every code of the shared catalogue with the status the catalogue gives it', async () => {
    const app = appWithRoutes();
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      const res = await app.inject({ method: 'GET', url: `/refuse/${code}` });
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toEqual({ success: false, message: 'refused', code });
    }
  });

  it('passes on the start of a framework message that quotes a long request, not all of it', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/quoting' });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, code: 'FST_ERR_MAX_PARAM_LENGTH' });
    expect(res.json().message).toHaveLength(200);
  });

  it('answers a validation failure with 400 naming the field', async () => {
    const res = await appWithRoutes().inject({ method: 'POST', url: '/validate', payload: { address: { zipcode: 12 } } });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(json.message).toMatch(/^address\.zipcode: /);
    expect(json.issues[0].path).toBe('body.address.zipcode');
  });

  it('says a query parameter given twice is to be given once, not that a list is no text (a probe)', async () => {
    const res = await appWithRoutes().inject({ method: 'GET', url: '/search?q=rice&q=dal' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'querystring.q: Give q once', issues: [{ path: 'querystring.q', message: 'Give q once' }] });
    expect((await appWithRoutes().inject({ method: 'GET', url: '/search?q=rice' })).statusCode).toBe(200);
    // Whatever the parameter's kind: a number read "limit must be a number", a choice "Unknown order status" (a probe).
    for (const name of ['limit', 'status']) {
      const twice = await appWithRoutes().inject({ method: 'GET', url: `/search?${name}=2&${name}=2` });
      expect(twice.statusCode, name).toBe(400);
      expect(twice.json(), name).toMatchObject({ message: `querystring.${name}: Give ${name} once`, issues: [{ path: `querystring.${name}`, message: `Give ${name} once` }] });
    }
  });
});
