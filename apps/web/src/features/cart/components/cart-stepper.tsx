import { CartIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { cart, useCartQuantity } from '../cart';

/**
 * The card's cart control: 'Add' until the product is in the cart, then − n + (spec section 4:
 * + adds one, − removes one and the line goes at 0). It reads only its own line of the cart. `max`
 * is what is left of a counted product, at most 9 (maxQuantityFor).
 */
export function CartStepper({ productId, productName, max }: { productId: string; productName: string; max: number }) {
  const quantity = useCartQuantity(productId);
  // Until the app runs and knows who the shopper is (the start-up auth check), an add would land in a
  // visitor's cart that a restored session then replaces: the server-rendered Add waits, inert, for both
  // (issue 25 item 0, docs/decisions/0203). The server's snapshot is "not checked", so the page and its
  // hydration agree and React enables it after.
  const ready = useSession((s) => s.authChecked);
  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={() => ready && cart.add(productId, max)}
        aria-disabled={!ready || undefined}
        aria-label={`Add ${productName} to cart`}
        className="flex h-10 w-full items-center justify-center gap-1 rounded border border-primary/50 bg-primary/10 px-2 font-medium text-primary-ink hover:bg-primary/20 aria-disabled:cursor-progress"
      >
        <CartIcon className="h-4 w-4" />
        Add
      </button>
    );
  }
  return (
    <div className="flex h-10 w-full items-center justify-between rounded bg-primary/20 text-primary-ink" role="group" aria-label={`${productName} in cart`}>
      <button type="button" onClick={() => cart.remove(productId)} aria-label={`Remove one ${productName}`} className="h-10 w-10 shrink-0 text-lg font-medium">
        −
      </button>
      <span aria-live="polite" className="min-w-4 text-center font-medium">
        {quantity}
      </span>
      <button
        type="button"
        onClick={() => cart.add(productId, max)}
        disabled={quantity >= max}
        aria-label={`Add one more ${productName}`}
        className="h-10 w-10 shrink-0 text-lg font-medium disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}
