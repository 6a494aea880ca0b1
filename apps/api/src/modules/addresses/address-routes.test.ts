import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createAddress, createShopper, SAMPLE_ADDRESS, type TestApp } from '../../test/test-app.js';
import { placeTestOrder } from '../../test/order-builders.js';
import { ADDRESS_LIMIT } from './address-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const add = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/address/add', payload: payload as object, headers: cookie ? { cookie } : {} });
const list = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/address/get', headers: cookie ? { cookie } : {} });
const remove = (addressId: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/address/delete', payload: { addressId }, headers: cookie ? { cookie } : {} });
const addressesOf = async (cookie: string) => body<{ addresses: { _id: string }[] }>(await list(cookie)).addresses;

describe('POST /api/address/add', () => {
  it('saves the address for the caller and answers {success, message} plus the created address', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await add({ address: { ...SAMPLE_ADDRESS, zipcode: 411001, email: 'Asha@Example.com ' } }, cookie);
    expect(res.statusCode).toBe(200);
    const expected = { _id: expect.any(String), ...SAMPLE_ADDRESS, zipcode: '411001', email: 'asha@example.com' };
    expect(body(res)).toEqual({ success: true, message: 'Address added', address: expected });
    expect(await addressesOf(cookie)).toEqual([expected]);
  });

  it('answers the address already saved when the same one is saved again, and keeps one (a probe saved one nine times)', async () => {
    const { cookie } = await createShopper(t.app);
    const first = body<{ address: { _id: string } }>(await add({ address: SAMPLE_ADDRESS }, cookie)).address;
    // The same address however it was typed (the schema writes it one way); at once too, as a double-tapped Save sends it.
    const again = await Promise.all([add({ address: { ...SAMPLE_ADDRESS, email: ` ${SAMPLE_ADDRESS.email.toUpperCase()}` } }, cookie), add({ address: SAMPLE_ADDRESS }, cookie)]);
    for (const res of again) expect(body(res)).toEqual({ success: true, message: 'This address is already saved', address: { ...SAMPLE_ADDRESS, _id: first._id } });
    // Its phone written another way is the same number (a probe saw the address twice in the cart's picker).
    for (const phone of ['9876543210', '098765-43210', '+91-98765-43210']) {
      expect(body(await add({ address: { ...SAMPLE_ADDRESS, phone } }, cookie)), phone).toMatchObject({ message: 'This address is already saved', address: { _id: first._id } });
    }
    expect(await addressesOf(cookie)).toHaveLength(1);
    // Another flat of the same building is another address.
    expect(body(await add({ address: { ...SAMPLE_ADDRESS, street: `Flat 2, ${SAMPLE_ADDRESS.street}` } }, cookie))).toMatchObject({ message: 'Address added' });
    expect(await addressesOf(cookie)).toHaveLength(2);
  });

  it('takes a pincode written as India Post writes it ("411 001") and keeps its digits', async () => {
    const { cookie } = await createShopper(t.app);
    const res = await add({ address: { ...SAMPLE_ADDRESS, zipcode: ' 411 001 ' } }, cookie);
    expect(res.statusCode).toBe(200);
    expect(body<{ address: { zipcode: string } }>(res).address.zipcode).toBe('411001');
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['email', { email: 'asha-at-example' }, 'Enter a valid email address'],
    ['street', { street: 'x'.repeat(5000) }, 'Street must be at most 200 characters'],
    ['city', { city: 42 }, 'City must be text'],
    ['state', { state: '   ' }, 'State is required'],
    ['zipcode', { zipcode: '41100A' }, 'Zip code must be numeric'],
    ['zipcode', { zipcode: true }, 'Zip code must be numeric (3 to 10 digits)'],
    ['zipcode', { zipcode: null }, 'Zip code is required'],
    ['country', { country: null }, 'Country is required'],
    ['phone', { phone: 'call me' }, 'Enter a valid phone number'],
  ])('refuses a bad %s with a 400 naming the field and saves nothing', async (field, change, message) => {
    const { cookie } = await createShopper(t.app);
    const res = await add({ address: { ...SAMPLE_ADDRESS, ...change } }, cookie);
    expect(res.statusCode).toBe(400);
    const json = body<{ message: string; issues: { path: string }[] }>(res);
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(json.issues[0]!.path).toBe(`body.address.${field}`);
    expect(json.message).toContain(`address.${field}: ${message}`);
    expect(await addressesOf(cookie)).toEqual([]);
  });

  it.each([
    ['an unknown key in the address', { address: { ...SAMPLE_ADDRESS, userId: 'x' } }],
    ['an unknown key beside it', { address: SAMPLE_ADDRESS, userId: 'x' }],
    ['the address not wrapped', SAMPLE_ADDRESS],
    ['no body', undefined],
  ])('refuses %s with 400', async (_name, payload) => {
    const { cookie } = await createShopper(t.app);
    const res = await add(payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false });
    expect(await addressesOf(cookie)).toEqual([]);
  });

  it('answers 401 JSON without a session', async () => {
    const res = await add({ address: SAMPLE_ADDRESS });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
  });

  it(`stops at ${ADDRESS_LIMIT} addresses per shopper`, async () => {
    const { user, cookie } = await createShopper(t.app);
    for (let i = 0; i < ADDRESS_LIMIT; i++) await createAddress(t.app, user.id);
    const res = await add({ address: { ...SAMPLE_ADDRESS, street: 'One More Road' } }, cookie);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ success: false, code: 'ADDRESS_LIMIT', message: `You can save at most ${ADDRESS_LIMIT} addresses: remove one you no longer use first` });
    // One removed, one can be added again.
    const [oldest] = await addressesOf(cookie);
    expect((await remove(oldest!._id, cookie)).statusCode).toBe(200);
    expect((await add({ address: SAMPLE_ADDRESS }, cookie)).statusCode).toBe(200);
  });

  it(`keeps the limit when adds arrive at once: 3 places left, 12 adds in parallel save exactly 3`, async () => {
    const { user, cookie } = await createShopper(t.app);
    for (let i = 0; i < ADDRESS_LIMIT - 3; i++) await createAddress(t.app, user.id);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add({ address: { ...SAMPLE_ADDRESS, street: `${i + 1} Parallel Road` } }, cookie)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array<number>(3).fill(200), ...Array<number>(9).fill(409)]);
    expect(await addressesOf(cookie)).toHaveLength(ADDRESS_LIMIT);
  });
});

describe('POST /api/address/delete', () => {
  it("removes one of the caller's addresses; an order placed with it keeps its copy", async () => {
    const shopper = await createShopper(t.app);
    const kept = await createAddress(t.app, shopper.user.id);
    const { orderId, addressId } = await placeTestOrder(t.app, { shopper });
    const res = await remove(addressId, shopper.cookie);
    expect([res.statusCode, body(res)]).toEqual([200, { success: true, message: 'Address removed' }]);
    expect((await addressesOf(shopper.cookie)).map((a) => a._id)).toEqual([kept.id]);
    const [order] = body<{ orders: { _id: string; address: { street: string } }[] }>(await t.app.inject({ method: 'GET', url: '/api/order/user', headers: { cookie: shopper.cookie } })).orders;
    expect(order).toMatchObject({ _id: orderId, address: { street: SAMPLE_ADDRESS.street } });
    // Removed already: not found, and nothing else changes.
    expect(body(await remove(addressId, shopper.cookie))).toMatchObject({ success: false, code: 'ADDRESS_NOT_FOUND' });
  });

  it("answers another shopper's address as not found and leaves it; a visitor 401; a body that is not an id 400", async () => {
    const alice = await createShopper(t.app);
    const bob = await createShopper(t.app);
    const bobs = await createAddress(t.app, bob.user.id);
    const res = await remove(bobs.id, alice.cookie);
    expect([res.statusCode, body(res).code]).toEqual([404, 'ADDRESS_NOT_FOUND']);
    expect(await addressesOf(bob.cookie)).toHaveLength(1);
    expect((await remove(bobs.id)).statusCode).toBe(401);
    expect((await remove('nope', alice.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/address/get', () => {
  it("answers {success, addresses} with only the caller's addresses, oldest first", async () => {
    const alice = await createShopper(t.app);
    const bob = await createShopper(t.app);
    const first = await createAddress(t.app, alice.user.id);
    const second = body<{ address: { _id: string } }>(await add({ address: { ...SAMPLE_ADDRESS, city: 'Mumbai' } }, alice.cookie)).address;
    await createAddress(t.app, bob.user.id);
    const res = await list(alice.cookie);
    expect(res.statusCode).toBe(200);
    const json = body<{ success: boolean; addresses: { _id: string; city: string }[] }>(res);
    expect(Object.keys(json)).toEqual(['success', 'addresses', 'message']);
    expect(json.success).toBe(true);
    expect(json.addresses.map((a) => a._id)).toEqual([first.id, second._id]);
    expect(await addressesOf(bob.cookie)).toHaveLength(1);
  });

  it('answers 401 JSON without a session', async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'NOT_AUTHENTICATED' });
  });
});
