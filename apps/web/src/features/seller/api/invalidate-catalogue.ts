import { queryCache } from '../../../lib/query-cache';

/**
 * After any catalogue write: the seller's list and low-stock list, and every shop read of products
 * (lists, search, product pages, cart lines) fetch again. The server's caches were dropped by the write.
 */
export function invalidateCatalogue() {
  queryCache.invalidate(['seller', 'products']);
  queryCache.invalidate(['seller', 'low-stock']);
  queryCache.invalidate(['products']);
}
