import { CartLines } from '../../features/cart/components/cart-lines';

/** /cart (spec section 2): the lines on the left, checkout on the right. */
export function Component() {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-10 px-6 py-16 md:flex-row md:px-16 lg:px-24 xl:px-32">
      <CartLines />
      {/* Checkout column (issue 5): <CheckoutPanel /> from features/checkout goes here, e.g.
          <aside className="w-full max-w-90 md:w-90"><CheckoutPanel /></aside>.
          It reads the address to preselect from the `?address=<id>` query parameter set by /add-address. */}
    </main>
  );
}
