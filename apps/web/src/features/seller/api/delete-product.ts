import { api } from '../../../lib/api-client';
import { afterWrite } from '../../../lib/route-data';

/** POST /api/product/delete (issue 16): retires the product; orders keep their copies. The operator's reason for another shop's (0229). */
export const deleteProduct = (id: string, reason?: string) =>
  api.post<{ message: string }>('/api/product/delete', { id, reason }, { session: 'seller' }).then(afterWrite);
