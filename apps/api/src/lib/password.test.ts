import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('passwords', () => {
  const composed = 'pässwörd-ü'.normalize('NFC');
  const decomposed = composed.normalize('NFD');

  it('takes a password typed with composed or combining accents as the same password, whichever it was made with', async () => {
    expect(decomposed).not.toBe(composed);
    for (const made of [composed, decomposed]) {
      const stored = await hashPassword(made);
      expect(await verifyPassword(stored, composed)).toBe(true);
      expect(await verifyPassword(stored, decomposed)).toBe(true);
      expect(await verifyPassword(stored, 'passwort-u')).toBe(false);
    }
  });

  it('still takes a password hashed as typed before the composed form was', async () => {
    const before = await hash(decomposed);
    expect(await verifyPassword(before, decomposed)).toBe(true);
    expect(await verifyPassword(before, 'other')).toBe(false);
  });
});
