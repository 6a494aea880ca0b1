import type { CartItems } from '@greencart/shared';
import { api } from '../../../lib/api-client';

/** POST /api/cart/update (spec section 7): the whole cart; the server keeps the last one it receives. */
export const saveCart = (cartItems: CartItems, keepalive: boolean) => api.post('/api/cart/update', { cartItems }, { keepalive });
