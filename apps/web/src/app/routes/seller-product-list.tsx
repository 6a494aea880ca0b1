import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SellerProductList } from '../../features/seller/components/seller-product-list';

// The deleted products are a view of the list (`?deleted`), loaded when asked for (decision 0231).
const DeletedProducts = lazy(() => import('../../features/seller/components/deleted-products').then((m) => ({ default: m.DeletedProducts })));

/** /seller/product-list (spec section 2); `?deleted`: the shop's deleted products, to restore one. */
export function Component() {
  const [params] = useSearchParams();
  return params.has('deleted') ? (
    <Suspense>
      <DeletedProducts />
    </Suspense>
  ) : (
    <SellerProductList />
  );
}
