import { MainBanner } from '../../features/home/components/main-banner';
import { Newsletter } from '../../features/home/components/newsletter';
import { WhyWeAreBest } from '../../features/home/components/why-we-are-best';
import { BestSellers } from '../../features/products/components/best-sellers';
import { CategoryGrid } from '../../features/products/components/category-grid';

/** Home `/` (spec section 1): banner, categories, Best Sellers, the claims on the bottom banner, newsletter. */
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 md:px-16 md:pt-10">
      <title>GreenCart: fresh groceries delivered daily</title>
      <MainBanner />
      <CategoryGrid />
      <BestSellers />
      <WhyWeAreBest />
      <Newsletter />
    </main>
  );
}
