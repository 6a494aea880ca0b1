/**
 * Local days and times in a time zone, and the instants they are (delivery windows, the store's days). Without zod:
 * the web's screens that need only these (a coupon's last day) do not carry the schemas of the modules that use them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const GREGORIAN_YEAR_MS = (146_097 / 400) * 86_400_000;
function partsIn(instant: number, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  // Date.UTC reads the years 0-99 as 1900-1999: counted 400 years (a whole Gregorian cycle, 146,097 days) later, then back.
  const year = +parts.year!;
  const shift = year < 100 ? 400 : 0;
  const utc = Date.UTC(year + shift, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - shift * GREGORIAN_YEAR_MS;
  return { day: `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`, utc };
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export const dayIn = (instant: Date, timeZone: string) => partsIn(instant.getTime(), timeZone).day;

/** The instant a local day and time (`HH:MM`) happen in a time zone (the later one when a clock change repeats it). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let instant = wall - (partsIn(wall, timeZone).utc - wall);
  instant = wall - (partsIn(instant, timeZone).utc - instant);
  return new Date(instant);
}
