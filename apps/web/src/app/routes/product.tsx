import { findCategory, formatPrice, toMinor, type ProductPageData } from '@greencart/shared';
import { Link, useLoaderData, useParams } from 'react-router';
import { MissingPage, useMissingOr } from '../../components/missing-page';
import { JsonLd, PageHead } from '../../components/page-head';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { DeliveryLine } from '../../features/delivery/components/delivery-line';
import type { ProductPageLoaded } from '../../features/products/api/catalogue-pages';
import { CatalogueList } from '../../features/products/components/catalogue-list';
import { ProductDetail } from '../../features/products/components/product-detail';
import { breadcrumbStructuredData, descriptionText, PRICE_CURRENCY, productStructuredData } from '../../features/products/product-structured-data';

/**
 * A search result's or a link preview's text, at most about 160 characters, cut between characters: a cut inside an emoji
 * left half of it, sent as "�" by the server and another half-character by the browser, each page's tags twice (a probe).
 */
const describe = (text: string, chars = [...text]) => (chars.length > 160 ? `${chars.slice(0, 157).join('').trimEnd()}…` : text);

/** /products/{category}/{id} (spec section 2): the product, then up to 5 related products and 'See more'. */
export function Component() {
  const { product, related, canonical } = useLoaderData() as ProductPageLoaded;
  // Many shops sell the same product (a probe: one cola sold by 12 shops had 12 pages of one title and description):
  // each page names its shop (not GreenCart's own twice, by its name: the first shop renamed is named) and its price,
  // then the product's own words.
  const shop = product.seller.shopName.toLowerCase() === 'greencart' ? '' : ` from ${product.seller.shopName}`;
  const description = describe(`${formatPrice(toMinor(product.offerPrice), env.currency)} at ${product.seller.shopName}. ${descriptionText(product) || 'Delivered to your door in under 30 minutes.'}`);
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <PageHead title={`${product.name}${shop} | GreenCart`} description={description} canonical={canonical} image={product.image[0] && new URL(product.image[0], canonical).href} type="product" />
      {/* A link preview's price (Open Graph's product tags, as the Offer says it; a crawler probe found og:type product without them). */}
      <meta property="product:price:amount" content={product.offerPrice.toFixed(2)} />
      <meta property="product:price:currency" content={PRICE_CURRENCY} />
      <meta property="product:availability" content={product.inStock ? 'in stock' : 'out of stock'} />
      <JsonLd data={productStructuredData(product, canonical)} />
      <JsonLd data={breadcrumbStructuredData(product, canonical)} />
      <ProductDetail product={product} deliveryLine={<DeliveryLine sellerId={product.seller.id} />} />
      <section aria-labelledby="related-heading" className="mt-20 flex flex-col items-center">
        <h2 id="related-heading" className="text-2xl font-medium md:text-3xl">
          Related Products
        </h2>
        <div className="mt-1 mb-6 h-0.5 w-20 rounded-full bg-primary" />
        <div className="w-full">
          <CatalogueList products={related} emptyText="No related products in stock." />
        </div>
        <Link to={paths.products} className="mt-10 flex h-10 items-center rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
          See more
        </Link>
      </section>
    </main>
  );
}

/** An unknown product id (404, issue 3), or a product the seller retired (410) with the way to its category. */
export function ErrorBoundary() {
  // An unknown id's page leads on to the category its address names, as a retired product's leads to its own (a crawler
  // probe found only "all products" there).
  const named = useParams().category ?? '';
  return useMissingOr((status, data) => {
    const retired = status === 410 ? (data as Extract<ProductPageData, { kind: 'retired' }>) : undefined;
    const category = findCategory(retired?.category ?? named);
    return (
      <MissingPage
        status={retired ? 410 : 404}
        title={retired ? 'No longer sold' : 'Product not found'}
        text={retired ? `${retired.name} is no longer sold at GreenCart.` : 'This product does not exist or is no longer sold.'}
      >
        {category && (
          <Link to={paths.category(category.path)} className="flex h-10 items-center rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
            {`More ${category.text}`}
          </Link>
        )}
        <Link
          to={paths.products}
          className={`flex h-10 items-center rounded-full px-6 ${category ? 'border border-gray-300 hover:bg-gray-50' : 'bg-primary-ink text-white hover:bg-primary-deep'}`}
        >
          Browse all products
        </Link>
      </MissingPage>
    );
  });
}
