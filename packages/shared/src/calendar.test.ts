import { describe, expect, it } from 'vitest';
import { calendarDaySchema, instantSchema } from './calendar.js';

describe('a calendar day', () => {
  const day = calendarDaySchema('day');
  it('is a day that exists, written YYYY-MM-DD', () => {
    for (const ok of ['2026-11-26', '2028-02-29', '0001-01-02', '9999-12-31']) expect(day.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '26-11-2026', '2026-1-5', '']) expect(day.safeParse(bad).success, bad).toBe(false);
    for (const notADay of ['2026-02-30', '2026-13-01', '2026-00-10']) expect(day.safeParse(notADay).error?.issues, notADay).toMatchObject([{ message: 'day is not a calendar date' }]);
  });

  it('is not in the year 0000: valid in ISO 8601, but PostgreSQL has no such year (a filter with it answered 500)', () => {
    expect(day.safeParse('0000-01-01').error?.issues[0]?.message).toBe('day must be 0001-01-02 or later');
  });

  it('starts on the second day of the year 1: the first begins in time zones east of UTC in the year 0', () => {
    expect(day.safeParse('0001-01-01').error?.issues).toMatchObject([{ message: 'day must be 0001-01-02 or later' }]);
  });
});

describe('an instant', () => {
  const instant = instantSchema('A date and time');
  // Years 1-99 read back from the database as 1950-2049: a coupon from the year 1 came back starting in 2001.
  it('is ISO 8601 with its offset, from the first moment of the year 100 (UTC)', () => {
    for (const ok of ['2026-12-01T10:00:00+05:30', '2026-12-01T04:30:00Z', '0100-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) expect(instant.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2026-12-01', '2026-12-01T10:00:00', '2026-02-30T00:00:00Z', '0000-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '0099-12-31T23:59:59Z', '0100-01-01T00:00:00+05:30']) {
      expect(instant.safeParse(bad).error?.issues[0]?.message, bad).toBe('A date and time');
    }
  });
  it('says a value that is no date and time once', () => {
    expect(instant.safeParse('tomorrow').error?.issues).toHaveLength(1);
  });
});
