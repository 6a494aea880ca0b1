import { IdSchema } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId', () => {
  it('is a version 7 UUID the shop’s id schema accepts, with the time in its first 48 bits', () => {
    const at = Date.parse('2026-11-24T07:40:00.123Z');
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(IdSchema.safeParse(id).success).toBe(true);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts later ids after earlier ones, as text and as PostgreSQL compares uuids', () => {
    const ids = [0, 1, 2, 1000, 60_000].map((ms) => timeOrderedId(Date.parse('2026-11-24T07:40:00Z') + ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs within one millisecond: 74 random bits', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId(at)));
    expect(ids.size).toBe(1000);
  });
});
