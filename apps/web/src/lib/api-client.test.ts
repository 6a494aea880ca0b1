import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { api, ApiError, onUnauthorized } from './api-client';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('the API client switches on the shared error codes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leaves a visitor's auth check (200, success false, NOT_AUTHENTICATED) to its caller", async () => {
    const handler = vi.fn(() => true);
    onUnauthorized(handler);
    vi.stubGlobal('fetch', answer(200, { success: false, message: 'Not logged in', code: 'NOT_AUTHENTICATED' }));
    const err = await api.get('/api/user/is-auth', { silent: true }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('NOT_AUTHENTICATED');
    expect(handler).not.toHaveBeenCalled();
  });

  it('asks to log in again when the session ended (NOT_AUTHENTICATED), with the code typed from the catalogue', async () => {
    const handler = vi.fn(() => true);
    onUnauthorized(handler);
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Please log in to continue', code: 'NOT_AUTHENTICATED' }));
    const err = await api.get('/api/order/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('NOT_AUTHENTICATED');
    expect(handler).toHaveBeenCalledWith('user');
  });

  it('does not take a refused password (INVALID_CREDENTIALS, also a 401) for an ended session', async () => {
    const handler = vi.fn(() => true);
    onUnauthorized(handler);
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    const err = await api.post('/api/user/login', { email: 'a@b.c', password: 'wrong-password' }, { silent: true }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('INVALID_CREDENTIALS');
    expect(handler).not.toHaveBeenCalled();
  });

  it("toasts a refused field's message as its form shows it, without the field's API name", async () => {
    const shown = vi.spyOn(toast, 'error').mockImplementation(() => '');
    const message = 'A shop named "Sharma Fresh Farm" already sells on GreenCart: choose another name';
    vi.stubGlobal('fetch', answer(409, { success: false, message: `shopName: ${message}`, code: 'SHOP_NAME_TAKEN', issues: [{ path: 'body.shopName', message }] }));
    const err = await api.post('/api/seller/register', {}).catch((e: unknown) => e);
    expect((err as ApiError).message).toBe(`shopName: ${message}`);
    expect(shown).toHaveBeenCalledWith(message);

    vi.stubGlobal('fetch', answer(409, { success: false, message: 'Only 2 of Apple left', code: 'OUT_OF_STOCK' }));
    await api.post('/api/order/cod', {}).catch(() => undefined);
    expect(shown).toHaveBeenLastCalledWith('Only 2 of Apple left');
    shown.mockRestore();
  });
});
