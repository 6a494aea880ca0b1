import { z } from 'zod';

/**
 * Days and instants the API takes, each one PostgreSQL can hold (docs/decisions/0218). The year 0000 is valid ISO 8601,
 * but PostgreSQL's calendar goes from 1 BC to 1 AD: a filter or a coupon dated in it answered 500. A day starts in
 * the shop's time zone, up to 14 hours before its UTC midnight: the first day taken is the second of year 1.
 * An instant is stored and read back as a timestamp, and JavaScript reads PostgreSQL's text of the years 1-99 as
 * 1950-2049 ("0001-01-01 00:00:00+00" is 2001): a coupon starting in the year 1 came back starting in 2001. The
 * first instant taken is the start of the year 100.
 */
const FIRST_INSTANT = Date.parse('0100-01-01T00:00:00Z');
const FIRST_DAY = Date.parse('0001-01-02T00:00:00Z');

/** A calendar day `YYYY-MM-DD` that exists (in the shop's time zone, decision 0042): the order filters, the deliveries board. */
export const calendarDaySchema = (name: string) =>
  z
    .string({ message: `${name} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD`)
    .refine((day) => {
      const at = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(at) && (at < FIRST_DAY || new Date(at).toISOString().startsWith(day));
    }, `${name} is not a calendar date`)
    // 0001-01-01 is a date, only before the first this shop takes: "not a calendar date" said otherwise (a probe).
    .refine((day) => !(Date.parse(`${day}T00:00:00Z`) < FIRST_DAY), `${name} must be 0001-01-02 or later`);

/**
 * A stretch of shop days, both included (`from`, `to`; each optional): the seller's order filters, a shop's statement.
 * Add `dayRange` to an object's fields and refine it with `.refine(fromNotAfterTo, fromAfterTo)`.
 */
export const dayRange = { from: calendarDaySchema('from').optional(), to: calendarDaySchema('to').optional() };
export const fromNotAfterTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
export const fromAfterTo: { message: string; path: string[] } = { message: 'from must not be after to', path: ['to'] };

/** An instant, ISO 8601 with its offset (`2026-12-01T10:00:00+05:30`): a coupon's start and end, a delivery window's. */
// `abort`: a value that is no datetime is said once (the range check said the same again: a probe).
export const instantSchema = (message: string) => z.iso.datetime({ offset: true, message, abort: true }).refine((value) => Date.parse(value) >= FIRST_INSTANT, message);
