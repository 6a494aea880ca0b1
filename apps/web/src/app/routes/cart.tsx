import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddressPicker } from '../../features/addresses/components/address-picker';
import { useAddresses } from '../../features/addresses/hooks/use-addresses';
import { CartLines } from '../../features/cart/components/cart-lines';
import { CheckoutPanel } from '../../features/checkout/components/checkout-panel';
import { useShop } from '../../stores/shop-store';

/**
 * /cart (spec section 2): the lines on the left, checkout on the right. The delivery address is
 * the one chosen here, else the one just added (`?address=<id>` from /add-address), else the first.
 */
export function Component() {
  const { user } = useShop();
  const addresses = useAddresses(user?._id);
  const [searchParams] = useSearchParams();
  const [chosenId, setChosenId] = useState<string | null>(searchParams.get('address'));
  const selected = addresses.find((a) => a._id === chosenId) ?? addresses[0];
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-10 px-6 py-16 md:flex-row md:px-16 lg:px-24 xl:px-32">
      <CartLines />
      <aside className="w-full md:w-90 md:shrink-0">
        <CheckoutPanel addressId={selected?._id} addressPicker={<AddressPicker addresses={addresses} selected={selected} onSelect={setChosenId} />} />
      </aside>
    </main>
  );
}
