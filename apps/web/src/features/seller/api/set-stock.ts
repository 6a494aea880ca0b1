import { api } from '../../../lib/api-client';

/** POST /api/product/stock (spec section 7). */
export const setStock = (id: string, inStock: boolean) => api.post<{ message: string }>('/api/product/stock', { id, inStock });
