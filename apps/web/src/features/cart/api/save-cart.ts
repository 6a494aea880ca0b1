import type { CartItems } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import type { CartSaveAnswer, CartStoreDeps } from '../cart-store';

/**
 * POST /api/cart/update (spec section 7): the whole cart, and how old its change is (decision 0093).
 * The request is issued before this returns, as a page-hide save needs.
 */
export const saveCart: CartStoreDeps['save'] = (cartItems: CartItems, { keepalive, changedMsAgo }) =>
  api.post<CartSaveAnswer>('/api/cart/update', { cartItems, changedMsAgo }, { keepalive });
