import type { SellerOrderFilter } from '@greencart/shared';

/** Letters and digits of a filter's value, lower case, the rest as single hyphens: safe in a file name on every system. */
const fileWord = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/**
 * The Orders CSV's file name, naming its filters as the Balance export names its days (0251): the shop (the operator's
 * filter), status, payment, the days placed (`from-…-to-…`) or delivered (`delivery-…`) and a search, in that order. The
 * export's own day (the store's `today`) ends a name without days, so two downloads of every order differ by day, as
 * before. A filtered file was named as the whole list was (greencart-orders-2026-12-01.csv whatever the filters: a probe).
 */
export function orderExportFileName(filter: SellerOrderFilter, today: string): string {
  const words = ['greencart-orders'];
  if (filter.seller) words.push(fileWord(filter.seller));
  if (filter.status) words.push(fileWord(filter.status));
  if (filter.payment) words.push(fileWord(filter.payment));
  if (filter.from) words.push(`from-${filter.from}`);
  if (filter.to) words.push(`to-${filter.to}`);
  if (filter.deliveryDay) words.push(`delivery-${filter.deliveryDay}`);
  if (filter.q) words.push(['search', fileWord(filter.q)].filter(Boolean).join('-'));
  if (!filter.from && !filter.to && !filter.deliveryDay) words.push(today);
  return `${words.filter(Boolean).join('-')}.csv`;
}
