import { api } from '../../../lib/api-client';
import { afterWrite } from '../../../lib/route-data';

/** POST /api/product/delete (issue 16): retires the product; orders keep their copies. */
export const deleteProduct = (id: string) =>
  api.post<{ message: string }>('/api/product/delete', { id }, { session: 'seller' }).then(afterWrite);
