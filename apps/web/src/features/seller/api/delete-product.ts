import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from './invalidate-catalogue';

/** POST /api/product/delete (issue 16): retires the product; orders keep their copies. */
export const deleteProduct = (id: string) =>
  api.post<{ message: string }>('/api/product/delete', { id }, { session: 'seller' }).then((answer) => {
    invalidateCatalogue();
    return answer;
  });
