import { useParams, useSearchParams } from 'react-router';
import { ShopProducts } from '../../features/products/components/shop-products';

/** /shop/:slug: a shop's page (issue 26); the search text in the address (`?q=`), so it can be shared and reloaded. */
export function Component() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <ShopProducts key={slug} slug={slug} query={(params.get('q') ?? '').trim()} onQueryChange={(q) => setParams(q ? { q } : {}, { replace: true })} />
    </main>
  );
}
