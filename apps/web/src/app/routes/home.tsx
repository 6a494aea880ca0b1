import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { JsonLd, PageHead } from '../../components/page-head';
import { MainBanner } from '../../features/home/components/main-banner';
import { Newsletter } from '../../features/home/components/newsletter';
import { WhyWeAreBest } from '../../features/home/components/why-we-are-best';
import type { HomePageData } from '../../features/products/api/catalogue-pages';
import { BestSellers } from '../../features/products/components/best-sellers';
import { useSession } from '../../lib/session';
import { CategoryGrid } from '../../features/products/components/category-grid';
import { itemListStructuredData } from '../../features/products/structured-data';

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
      <JsonLd data={itemListStructuredData('Best Sellers', bestSellers, canonical)} />
      <MainBanner />
      <CategoryGrid />
      <SignedInBuyAgain />
      <BestSellers products={bestSellers} />
      <WhyWeAreBest />
      <Newsletter />
    </main>
  );
}
