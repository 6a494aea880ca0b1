import { describe, expect, it } from 'vitest';
import { DeliveryWindowSchema, deliversTo, offeredWindows } from './delivery.js';
import { zonedInstant } from './zoned-time.js';
import { formatSlot } from './delivery-rules.js';
import { isIndia } from './india.js';

describe('delivery rules', () => {
  it('reads India however a shopper writes it in the country field, and only India', () => {
    for (const india of ['India', ' india ', 'India.', 'INDIA', 'IN', 'Ind.', 'Bharat', 'Republic of India', 'भारत', 'भारत गणराज्य', 'India (IN)', 'Bharat.']) expect(isIndia(india), india).toBe(true);
    for (const abroad of ['Nepal', 'Indonesia', 'British Indian Ocean Territory', 'Sri Lanka', '', 'Indiana', 'Republic of', 'India Nepal', 'of']) expect(isIndia(abroad), abroad).toBe(false);
  });

  it('a shop delivers everywhere (null), to its exact pincodes and to every pincode of its 3-digit prefixes', () => {
    expect(deliversTo(null, '110001')).toBe(true);
    expect(deliversTo(['411001', '560'], '411001')).toBe(true);
    expect(deliversTo(['411001', '560'], '560034')).toBe(true);
    expect(deliversTo(['411001', '560'], '411002')).toBe(false);
    // A prefix serves Indian pincodes only, not a postcode abroad that starts the same way (Nepal's 41100).
    expect(deliversTo(['411'], '41100')).toBe(false);
    // An address abroad is in no shop's pincodes, even with a postcode that reads like one; everywhere is everywhere.
    expect(deliversTo(['411', '411001'], '411001', true)).toBe(false);
    expect(deliversTo(null, '411001', true)).toBe(true);
    expect(deliversTo(['411'], '411-00')).toBe(false);
  });

  it('turns the week into the windows offered now in the store time zone, soonest first, without those past their cut-off', () => {
    // Wednesday 25 November 2026, 10:00 in Kolkata (04:30 UTC).
    const now = new Date('2026-11-25T04:30:00Z');
    const windows = [
      { days: [3], start: '11:00', end: '13:00', capacity: 5 },
      { days: [3, 4], start: '18:00', end: '20:00', capacity: 5 },
    ];
    const offered = offeredWindows({ windows, cutoffMinutes: 90, daysAhead: 1 }, now, 'Asia/Kolkata');
    // Wednesday 11:00 closed at 09:30; 18:00 Wednesday and Thursday remain.
    expect(offered.map((w) => w.start.toISOString())).toEqual(['2026-11-25T12:30:00.000Z', '2026-11-26T12:30:00.000Z']);
    expect(offered[0]!.end.toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(formatSlot(offered[1]!, 'Asia/Kolkata')).toBe('Thu 26 Nov, 18:00–20:00');
    expect(offeredWindows({ windows, cutoffMinutes: 0, daysAhead: 0 }, now, 'Asia/Kolkata')).toHaveLength(2);
  });

  it('finds the instant of a local time across a clock change', () => {
    expect(zonedInstant('2026-03-29', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedInstant('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
  });
});

describe("a delivery window's times", () => {
  const window = (start: string, end: string) => DeliveryWindowSchema.safeParse({ days: [1], start, end, capacity: 5 });
  const messages = (result: ReturnType<typeof window>) => (result.success ? [] : result.error.issues.map((i) => i.message));
  it('reads "8:00" as 08:00, as a seller types it, and says a time that is none is none, alone (a probe was told it "ends after it starts")', () => {
    expect(window('8:00', '10:30')).toMatchObject({ success: true, data: { start: '08:00', end: '10:30' } });
    expect(messages(window('6 pm', '20:00'))).toEqual(['Start must be a time HH:MM (00:00 to 23:59)']);
    expect(messages(window('18:00', '9:00'))).toEqual(['A window ends after it starts (on the same day)']);
  });
});
