import { hydrateLater } from '../../../lib/hydrate-later';

/**
 * The pages' JSON-LD, for search engines, which read the server's page: the browser hydrates it after the
 * rest and its first load carries none of the builders (docs/decisions/0205).
 */
export const ProductStructuredData = hydrateLater(() => import('./structured-data-tags').then((m) => m.ProductStructuredData));
export const ItemListStructuredData = hydrateLater(() => import('./structured-data-tags').then((m) => m.ItemListStructuredData));
