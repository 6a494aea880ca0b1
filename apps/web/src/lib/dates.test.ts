import { describe, expect, it } from 'vitest';
import { addressDay, dayToField, fieldToDay, formatDate } from './dates';

describe('dates in the shop’s locale (en-IN)', () => {
  it('writes the day before the month, in the given time zone, and times on the 24-hour clock of the delivery windows', () => {
    // 20:00 UTC on 4 January is already 5 January in India.
    expect(formatDate('2026-01-04T20:00:00Z', 'day', 'Asia/Kolkata')).toBe('5 Jan 2026');
    expect(formatDate(new Date('2026-01-05T00:00:00Z'), 'dayOfMonth', 'UTC')).toBe('5 Jan');
    expect(formatDate('2026-01-05T09:00:00Z', 'moment', 'Asia/Kolkata')).toBe('5 Jan 2026, 14:30');
  });

  it('writes every date in the store’s time zone unless told (decision 0232): 20:00 UTC is the next day in India, as the seller sees it', () => {
    expect(formatDate('2026-01-04T20:00:00Z', 'day')).toBe('5 Jan 2026');
    expect(formatDate('2026-01-04T20:00:00Z', 'moment')).toBe('5 Jan 2026, 01:30');
    expect(formatDate('2026-01-04T20:00:00Z', 'day', 'UTC')).toBe('4 Jan 2026');
  });

  it('turns a typed dd/mm/yyyy into the ISO day and back; 01/02 is the first of February', () => {
    expect(fieldToDay('01/02/2026')).toBe('2026-02-01');
    expect(fieldToDay(' 5-1-2026 ')).toBe('2026-01-05');
    expect(fieldToDay('5.1.2026')).toBe('2026-01-05');
    expect(dayToField('2026-02-01')).toBe('01/02/2026');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of ['31/02/2026', '29/02/2025', '00/01/2026', '12/13/2026', '2026-01-05', '5/1/26', '']) expect(fieldToDay(text)).toBeUndefined();
    expect(fieldToDay('29/02/2024')).toBe('2024-02-29');
  });

  it('takes a day from a screen\'s address only when it is one of the calendar (a link edited by hand lists as without it)', () => {
    expect(addressDay('2026-10-01')).toBe('2026-10-01');
    for (const value of ['2026-02-30', '2026-13-01', 'garbage', '2026-1-1', '', null]) expect(addressDay(value), String(value)).toBeUndefined();
  });
});
