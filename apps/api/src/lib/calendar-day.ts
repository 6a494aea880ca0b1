/** Day formatters by time zone: making one costs more than a cached page's whole answer (docs/perf.md). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of an instant in a time zone (en-CA formats dates that way): the store's day (decision 0232). */
export function calendarDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
}
