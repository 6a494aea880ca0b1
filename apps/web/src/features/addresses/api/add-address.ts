import type { Address, AddressInput } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import { afterWrite } from '../../../lib/route-data';

/** POST /api/address/add (spec section 7); the answer also carries the created `address`. */
export const addAddress = (address: AddressInput) =>
  api.post<{ message: string; address: Address }>('/api/address/add', { address }).then(afterWrite);

/** POST /api/address/delete: one saved address removed (orders keep the address they were placed with). */
export const removeAddress = (addressId: string) => api.post<{ message: string }>('/api/address/delete', { addressId }).then(afterWrite);
