import type { CartItems, SubstitutePreference, Substitutions } from '@greencart/shared';
import { api } from '../../../lib/api-client';
import type { CartSaveAnswer, CartStoreDeps } from '../cart-store';

/**
 * POST /api/cart/update (spec section 7): the whole cart, the account it is for, how old its change is (decision 0093) and the
 * substitution preferences (issue 28: the lines' own and the shopper's default, decision 0149).
 * The request is issued before this returns, as a page-hide save needs.
 */
export const saveCart = (
  cartItems: CartItems,
  { keepalive, changedMsAgo, owner }: Parameters<CartStoreDeps['save']>[1],
  preferences: { substitutions: Substitutions; substituteDefault: SubstitutePreference },
) => api.post<CartSaveAnswer>('/api/cart/update', { cartItems, changedMsAgo, owner, ...preferences }, { keepalive });
