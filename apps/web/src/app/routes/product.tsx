import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { isUnknownProduct, useProduct, useRelatedProducts } from '../../features/products/api/get-products';
import { CatalogueList } from '../../features/products/components/catalogue-list';
import { ProductDetail } from '../../features/products/components/product-detail';

/** /products/{category}/{id} (spec section 2): the product, then up to 5 related products and 'See more', each loaded by id. */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const related = useRelatedProducts(id);

  const unknown = isUnknownProduct(product.error);
  if (product.status === 'error' && unknown) {
    // An unknown or deleted product id: a friendly state instead of a crash (issue 3).
    return (
      <main className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center">
        <title>Product not found | GreenCart</title>
        <h1 className="text-2xl font-semibold">Product not found</h1>
        <p className="text-gray-600">This product does not exist or is no longer sold.</p>
        <Link to={paths.products} className="flex h-10 items-center rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
          Browse all products
        </Link>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>{`${product.data?.name ?? 'Product'} | GreenCart`}</title>
      {product.data ? (
        <ProductDetail product={product.data} />
      ) : product.status === 'error' ? (
        // 'Error fetching products' has been toasted by the load.
        <div className="flex flex-col items-start gap-3 py-6 text-gray-600">
          <p>The product could not be loaded.</p>
          <button type="button" onClick={product.retry} className="h-10 rounded border border-gray-300 px-5 hover:bg-gray-50">
            Try again
          </button>
        </div>
      ) : (
        <div className="h-96 animate-pulse rounded bg-gray-100" role="status" aria-label="Loading product" />
      )}
      <section aria-labelledby="related-heading" className="mt-20 flex flex-col items-center">
        <h2 id="related-heading" className="text-2xl font-medium md:text-3xl">
          Related Products
        </h2>
        <div className="mt-1 mb-6 h-0.5 w-20 rounded-full bg-primary" />
        <div className="w-full">
          <CatalogueList products={related.data} status={related.status} onRetry={related.retry} emptyText="No related products in stock." skeletons={5} />
        </div>
        <Link to={paths.products} className="mt-10 flex h-10 items-center rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
          See more
        </Link>
      </section>
    </main>
  );
}
