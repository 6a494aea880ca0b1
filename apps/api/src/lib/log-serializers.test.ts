import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError, serializeRequest } from './log-serializers.js';

describe('an error as the log writes it', () => {
  it("leaves out a failed query's bound values (a password's hash, an e-mail), keeping the query, the cause and its code", () => {
    const cause = Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
    const err = new DrizzleQueryError('insert into "users" ("name", "email", "password") values ($1, $2, $3)', ['Leak Test', 'leak@example.com', '$argon2id$v=19$secret'], cause);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toMatch(/leak@example\.com|argon2id|Leak Test/);
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('params: (left out of the log)');
    expect(serializeError(err)).toMatchObject({ type: 'DrizzleQueryError', cause: { type: 'Error', code: '57014', message: 'canceling statement due to user request' } });
  });

  it('writes any other error whole: message, stack and its own fields', () => {
    const err = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    expect(serializeError(err)).toMatchObject({ type: 'Error', message: 'disk full', code: 'ENOSPC', stack: expect.stringContaining('disk full') });
  });
});

describe('a request as the log writes it', () => {
  it("leaves out a token's value in the address (the seller's confirmation link), keeping the rest", () => {
    const logged = serializeRequest({ method: 'GET', url: '/api/seller/confirm?token=abc.def-123&next=1', host: 'shop.example', ip: '10.0.0.1' });
    expect(logged).toMatchObject({ method: 'GET', url: '/api/seller/confirm?token=(left out)&next=1', host: 'shop.example', remoteAddress: '10.0.0.1' });
  });
});
