import type { Address } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** GET /api/address/get (spec section 7): the shopper's saved delivery addresses. */
export const getAddresses = () => api.get<{ addresses: Address[] }>('/api/address/get');
