import { createContext, use, type ComponentType } from 'react';

/**
 * How product screens reach the cart without importing another feature: the app passes the cart's
 * stepper and its add action once, at the root (app/routes/root-layout.tsx).
 */
export interface CartControl {
  /** `max`: the most the line may hold (maxQuantityFor the product's stock). */
  Stepper: ComponentType<{ productId: string; productName: string; max: number }>;
  add: (productId: string, max?: number) => void;
}

export const CartControlContext = createContext<CartControl | null>(null);

export function useCartControl(): CartControl {
  const control = use(CartControlContext);
  if (!control) throw new Error('useCartControl must be used inside <CartControlContext>');
  return control;
}
