import { sql, type SQL } from 'drizzle-orm';

/**
 * The instant a shop day (`YYYY-MM-DD`, decision 0042) starts in the store's time zone, or `plusDays` later: a filter
 * of days `from`-`to` takes `>= dayStart(from)` and `< dayStart(to, 1)` (the seller's orders, a shop's statement).
 */
export const dayStart = (day: string, timeZone: string, plusDays = 0): SQL => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
