import { describe, expect, it } from 'vitest';
import { PasswordSchema, requiredText } from './schemas.js';
import { SellerRegisterInputSchema } from './shops.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('required text', () => {
  const name = requiredText('Shop name', 60);

  it('takes names in any script, trimmed', () => {
    for (const text of ['Sharma Fresh Farm', ' Café Crème ', 'ताज़ा सब्ज़ी', 'متجر الخضار']) expect(name.safeParse(text)).toMatchObject({ success: true, data: text.trim() });
  });

  it('refuses one that is only spaces or invisible characters, once, as not given', () => {
    for (const blank of ['', '   ', '\u200B', '\u200B \uFEFF\u2060']) expect(messages(name.safeParse(blank)), JSON.stringify(blank)).toEqual(['Shop name is required']);
  });

  it('refuses direction-control characters, which make a name read as another ("\\u202EAPOHS" shows as "SHOPA")', () => {
    for (const spoof of ['\u202EAPOHS', 'Green\u2066Cart\u2069', 'a\u202Ab']) {
      expect(messages(name.safeParse(spoof)), JSON.stringify(spoof)).toEqual(['Shop name cannot contain text-direction control characters']);
    }
    // A shop's application names the field.
    const application = SellerRegisterInputSchema.safeParse({ shopName: '\u202EAPOHS', name: 'Asha', email: 'a@example.com', password: 'fresh-tomatoes-42', phone: '9876543210', pickupAddress: '12 MG Road' });
    expect(application.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shopName']);
  });
});

describe('a new password', () => {
  it('needs 8 characters that are not all spaces', () => {
    expect(PasswordSchema.safeParse('fresh tomatoes').success).toBe(true);
    expect(messages(PasswordSchema.safeParse('        '))).toEqual(['Password cannot be only spaces']);
    expect(messages(PasswordSchema.safeParse('short'))).toEqual(['Password must be at least 8 characters']);
  });
});
