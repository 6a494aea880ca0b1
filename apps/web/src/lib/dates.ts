import { env } from '../config/env';

/**
 * Every date the shop shows, in one place and in the shop's locale (en-IN: day before month), whatever
 * language the browser speaks (issue 25, docs/decisions/0105).
 */
export const SHOP_LOCALE = 'en-IN';

const STYLES = {
  /** 5 Jan 2026 */
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 5 Jan */
  dayOfMonth: { day: 'numeric', month: 'short' },
  /** 5 Jan 2026, 14:30: the 24-hour clock of the delivery windows ("Thu 26 Nov, 09:00–11:00") and the coupons' dates */
  moment: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` written in the shop's locale and in the store's time zone (the shop's day, decisions 0042 and 0232), as
 * its delivery windows are: an order, its statement entry and its delivery are on one day wherever the browser is.
 */
export function formatDate(date: Date | string, style: DateStyle, timeZone: string = env.timeZone): string {
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(SHOP_LOCALE, { ...STYLES[style], timeZone })));
  return format.format(typeof date === 'string' ? new Date(date) : date);
}

/** A calendar day as the address and the API carry it (`2026-01-05`) written for a typed field: `05/01/2026`. */
export function dayToField(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}/${month}/${year}` : '';
}

const FIELD_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A typed day (`5/1/2026`, `05-01-2026`) as an ISO day, or undefined when it is not a day of the calendar. */
export function fieldToDay(text: string): string | undefined {
  const match = FIELD_DAY.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date rolls 31/02 over into March: a day that rolled over was not a day.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A day of a screen's address (`?from=2026-10-01`) when it is one of the calendar, else undefined: a link edited by
 * hand or cut short lists as without it, not as a load the server refuses for ever (a probe).
 */
export const addressDay = (value: string | null): string | undefined => (value && fieldToDay(dayToField(value)) === value ? value : undefined);

/** True once the text has a day's whole shape (dd/mm/yyyy), so a wrong day can be named while typing. */
export const looksLikeWholeDay = (text: string) => FIELD_DAY.test(text.trim());
