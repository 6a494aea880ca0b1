import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { PageHead } from '../../components/page-head';
import { MainBanner } from '../../features/home/components/main-banner';
import { Newsletter } from '../../features/home/components/newsletter';
import type { HomePageData } from '../../features/products/api/catalogue-pages';
import { BestSellers } from '../../features/products/components/best-sellers';
import { useSession } from '../../lib/session';
import { hydrateLater } from '../../lib/hydrate-later';
import { ItemListStructuredData } from '../../features/products/components/structured-data-later';

// Links and text only: hydrated after the rest of the page, none of it in its first load (docs/decisions/0205).
const CategoryGrid = hydrateLater(() => import('../../features/products/components/category-grid').then((m) => m.CategoryGrid));
const WhyWeAreBest = hydrateLater(() => import('../../features/home/components/why-we-are-best').then((m) => m.WhyWeAreBest));

// A signed-in shopper's row (issue 28), loaded only for them: a visitor's first load of / stays under its budget.
const BuyAgainRow = lazy(() => import('../../features/products/components/buy-again').then((m) => ({ default: m.BuyAgainRow })));

function SignedInBuyAgain() {
  const signedIn = useSession((s) => Boolean(s.user));
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <BuyAgainRow />
    </Suspense>
  );
}

/** Home `/` (spec section 1): banner, categories, a signed-in shopper's "Buy again" (issue 28), Best Sellers, the claims on the bottom banner, newsletter. */
export function Component() {
  const { bestSellers, canonical } = useLoaderData() as HomePageData;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 md:px-16 md:pt-10">
      <PageHead
        title="GreenCart: fresh groceries delivered daily"
        description="GreenCart: fresh vegetables, fruits, dairy, bakery and snacks delivered to your door in under 30 minutes."
        canonical={canonical}
      />
      <ItemListStructuredData name="Best Sellers" products={bestSellers} canonical={canonical} />
      <MainBanner />
      <CategoryGrid />
      <SignedInBuyAgain />
      <BestSellers products={bestSellers} />
      <WhyWeAreBest />
      <Newsletter />
    </main>
  );
}
