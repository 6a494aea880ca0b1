import { CATEGORIES } from '@greencart/shared';
import { Link, useLoaderData } from 'react-router';
import { MissingPage, useMissingOr } from '../../components/missing-page';
import { JsonLd, PageHead } from '../../components/page-head';
import { paths } from '../../config/paths';
import type { ListPageData } from '../../features/products/api/catalogue-pages';
import { pastTheEnd, ProductResults } from '../../features/products/components/product-results';
import { categoryTrail, itemListStructuredData } from '../../features/products/structured-data';

/** /products/{category} (spec section 2): heading is the category text; the category compared in lower case. */
export function Component() {
  const { search, category, firstPage, canonical } = useLoaderData() as ListPageData;
  const heading = category!.text;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <PageHead title={`${heading} | GreenCart`} description={`${heading} at GreenCart, delivered to your door in under 30 minutes.`} canonical={canonical} noindex={pastTheEnd(search, firstPage)} />
      <JsonLd data={itemListStructuredData(heading, firstPage.products, canonical)} />
      <JsonLd data={categoryTrail({ path: category!.path, name: heading }, canonical)} />
      <h1 className="text-2xl font-medium md:text-3xl">{heading}</h1>
      <div className="mt-6">
        <ProductResults search={search} firstPage={firstPage} emptyText="No product found in this category." />
      </div>
    </main>
  );
}

/** An unknown category (the loader's 404): the categories the shop has, instead of an empty list. */
export function ErrorBoundary() {
  return useMissingOr(() => (
    <MissingPage title="Category not found" text="We have no such category. Try one of these:">
      {CATEGORIES.map((category) => (
        <Link key={category.path} to={paths.category(category.path)} className="flex h-10 items-center rounded-full border border-gray-300 px-5 hover:bg-gray-50">
          {category.text}
        </Link>
      ))}
      <Link to={paths.products} className="flex h-10 items-center rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
        Browse all products
      </Link>
    </MissingPage>
  ));
}
