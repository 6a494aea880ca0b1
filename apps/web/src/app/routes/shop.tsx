import { lazy, Suspense } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { MissingPage, useMissingOr } from '../../components/missing-page';
import { JsonLd, PageHead } from '../../components/page-head';
import { paths } from '../../config/paths';
import type { ShopPageData } from '../../features/products/api/catalogue-pages';
import { pastTheEnd } from '../../features/products/components/product-results';
import { ShopProducts } from '../../features/products/components/shop-products';
import { itemListStructuredData } from '../../features/products/structured-data';
import { useInBrowser } from '../../lib/in-browser';

// Read in the browser after the page is shown (decision 0280): the server's page is every visitor's.
const ShopDeliveryTerms = lazy(() => import('../../features/checkout/components/shop-delivery-terms').then((m) => ({ default: m.ShopDeliveryTerms })));

/** /shop/:slug: a shop's page (issue 26); the search text in the address (`?q=`), so it can be shared and reloaded. */
export function Component() {
  const page = useLoaderData() as ShopPageData;
  const navigate = useNavigate();
  const inBrowser = useInBrowser();
  const { shop, firstPage, canonical } = page;
  // The operator's own shop bears the store's name: its title said "GreenCart | GreenCart" (a probe).
  const own = shop.shopName.toLowerCase() === 'greencart';
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <PageHead
        title={own ? 'Sold by GreenCart | GreenCart' : `${shop.shopName} | GreenCart`}
        description={own ? 'Groceries sold by GreenCart itself, delivered to your door.' : `${shop.shopName} on GreenCart: its groceries, delivered to your door.`}
        canonical={canonical}
        // A shop listing no product in stock is no page to index (the sitemap leaves it out too, decision 0130).
        noindex={Boolean(page.search.q) || pastTheEnd(page.search, firstPage) || firstPage.products.length === 0}
      />
      <JsonLd data={itemListStructuredData(shop.shopName, firstPage.products, canonical)} />
      {/* The shop itself, as its products' offers name it (a probe: the page said only what it lists). */}
      <JsonLd data={{ '@context': 'https://schema.org', '@type': 'Organization', name: shop.shopName, url: canonical.split('?')[0] }} />
      <ShopProducts
        key={shop.slug}
        page={page}
        delivery={
          <div className="min-h-7">
            {inBrowser && (
              <Suspense fallback={null}>
                <ShopDeliveryTerms sellerId={shop.id} />
              </Suspense>
            )}
          </div>
        }
        onQueryChange={(q) => navigate(q ? `${paths.shop(shop.slug)}?${new URLSearchParams({ q })}` : paths.shop(shop.slug), { replace: true })}
      />
    </main>
  );
}

/** No approved shop at this address (unknown or suspended): the loader's 404. */
export function ErrorBoundary() {
  return useMissingOr(() => (
    <MissingPage title="Shop not found" text="No shop sells at this address now.">
      <Link to={paths.products} className="flex h-10 items-center rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
        See all products
      </Link>
    </MissingPage>
  ));
}
