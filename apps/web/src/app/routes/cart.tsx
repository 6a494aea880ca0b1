import type { Product } from '@greencart/shared';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AddressPicker } from '../../features/addresses/components/address-picker';
import { useAddresses } from '../../features/addresses/api/get-addresses';
import { cart } from '../../features/cart/cart';
import type { CartLine } from '../../features/cart/cart-logic';
import { CartLines } from '../../features/cart/components/cart-lines';
import { useCartLines } from '../../features/cart/hooks/use-cart-lines';
import { CheckoutPanel } from '../../features/checkout/components/checkout-panel';
import { keepAddress, keptAddress } from '../../lib/remembered';

/**
 * /cart (spec section 2): the lines on the left, checkout on the right. The delivery address is the one chosen
 * here or just added (`?address=<id>`, from /add-address or the picker: a reload keeps it), else the one last chosen
 * in this browser (the cart's icon or a new tab opens /cart without it: probes lost the choice), else the first.
 */
export function Component() {
  const addresses = useAddresses().data ?? [];
  const { lines, loading } = useCartLines();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get('address');
  useEffect(() => {
    if (chosen) keepAddress(chosen);
  }, [chosen]);
  const selected = addresses.find((a) => a._id === (chosen ?? keptAddress())) ?? addresses[0];
  // An available line has its product (it is in stock).
  const available = lines.filter((line): line is CartLine & { product: Product } => line.available);
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-10 px-6 py-16 md:flex-row md:px-16 lg:px-24 xl:px-32">
      <title>Cart | GreenCart</title>
      <CartLines lines={lines} loading={loading} />
      {/* An empty cart has nothing to check out: no summary, no Place Order (it says so, with Continue Shopping). */}
      {(loading || lines.length > 0) && (
        <aside className="w-full md:w-90 md:shrink-0">
          <CheckoutPanel
            lines={available}
            unavailable={lines.filter((line) => !line.available).map((line) => line.name ?? 'Product no longer sold')}
            address={selected}
            card={searchParams.get('pay') === 'card'}
            addressPicker={<AddressPicker addresses={addresses} selected={selected} onSelect={(address) => setSearchParams({ address }, { replace: true })} />}
            onOrderPlaced={() => {
              cart.clearAfterOrder();
              navigate(paths.myOrders);
            }}
          />
        </aside>
      )}
    </main>
  );
}
