import type { ReactNode } from 'react';
import { maxQuantityFor, type Product } from '@greencart/shared';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Price } from '../../../components/price';
import { UnitPrice } from '../../../components/unit-price';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useCartControl } from './cart-control';
import { ProductImage } from './product-image';
import { StarRating } from './star-rating';
import { UnitsLeft } from './units-left';

// Only the page of a product out of stock shows it (decision 0290): its code loads with that page alone.
const StockAlert = lazy(() => import('./stock-alert').then((m) => ({ default: m.StockAlert })));

/** The product page's body (spec section 2): breadcrumb, gallery, prices, 'About Product', cart buttons. */
export function ProductDetail({ product, deliveryLine }: { product: Product; /** Issue 28: whether the shop delivers to the shopper (the route's). */ deliveryLine?: ReactNode }) {
  const { add: addToCart } = useCartControl();
  // As the cards' Add (cart-stepper.tsx): inert until the start-up auth check has said who the shopper is.
  const ready = useSession((s) => s.authChecked);
  const navigate = useNavigate();
  const [shown, setShown] = useState(0);
  const mainImage = product.image[shown] ?? product.image[0];
  return (
    <>
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-600">
          <li>
            <Link to={paths.home} className="inline-flex h-10 items-center hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={paths.products} className="inline-flex h-10 items-center hover:underline">
              Products
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={paths.category(product.category)} className="inline-flex h-10 items-center hover:underline">
              {product.category}
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={paths.product(product.category, product._id)} aria-current="page" className="inline-flex min-h-10 items-center font-medium wrap-anywhere text-primary-ink hover:underline">
              {product.name}
            </Link>
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-col gap-10 md:flex-row md:gap-16">
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {product.image.length > 1 && (
            <ul className="flex gap-3 sm:flex-col" aria-label="Product images">
              {product.image.map((image, index) => (
                <li key={image}>
                  <button
                    type="button"
                    onClick={() => setShown(index)}
                    aria-label={`Show image ${index + 1} of ${product.image.length}`}
                    aria-pressed={index === shown}
                    className={`block w-16 overflow-hidden rounded border sm:w-20 ${index === shown ? 'border-primary-ink' : 'border-gray-300'}`}
                  >
                    <ProductImage src={image} alt="" sizes="80px" className="aspect-square w-full object-contain" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* Square boxes whatever the photo's shape: a tall one pushed the price and Add to Cart a screen down. */}
          {mainImage && (
            <div className="w-full max-w-100 overflow-hidden rounded border border-gray-300 md:w-64 md:shrink-0 lg:w-100">
              <ProductImage src={mainImage} alt={product.name} sizes="(min-width: 768px) 400px, 90vw" eager highPriority className="aspect-square w-full object-contain" />
            </div>
          )}
        </div>

        <div className="w-full text-sm md:w-1/2">
          <h1 className="text-3xl font-medium wrap-anywhere">{product.name}</h1>
          <p className="mt-1 text-base text-gray-600">
            Sold by{' '}
            <Link to={paths.shop(product.seller.slug)} className="inline-flex h-10 items-center font-medium text-primary-ink hover:underline">
              {product.seller.shopName}
            </Link>
          </p>
          {deliveryLine}
          <div className="mt-1">
            <StarRating />
          </div>
          <div className="mt-6">
            {/* The list price struck through only above the offer price (decision 0257). */}
            {product.price > product.offerPrice && (
              <p className="text-gray-600">
                MRP:{' '}
                <s>
                  <Price amount={product.price} />
                </s>
              </p>
            )}
            <p className="text-2xl font-medium">
              <Price amount={product.offerPrice} />{' '}
              <UnitPrice amount={product.offerPrice} netQuantity={product.netQuantity} className="text-base font-normal text-gray-600" />
            </p>
            <p className="text-gray-600">(inclusive of all taxes)</p>
            {/* The size as the seller wrote it, where no net quantity gives a unit price (most products: a probe). */}
            {product.weight && !product.netQuantity && <p className="mt-2 text-gray-600">Size: {product.weight}</p>}
          </div>
          {/* A product without a description has no empty heading (a probe). */}
          {product.description.length > 0 && (
            <>
              <h2 className="mt-6 text-base font-medium">About Product</h2>
              <ul className="ml-4 list-disc text-gray-600">
                {product.description.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {!product.inStock && (
            <>
              <p className="mt-6 font-medium text-red-700">Out of stock</p>
              <Suspense fallback={null}>
                <StockAlert productId={product._id} />
              </Suspense>
            </>
          )}
          <UnitsLeft product={product} className="mt-6 text-base" />
          {/* An out-of-stock product cannot be bought (the cart would only show it as unavailable). */}
          <div className="mt-10 flex items-center gap-4 text-base">
            <button
              type="button"
              disabled={!product.inStock}
              aria-disabled={!ready || undefined}
              onClick={() => ready && addToCart(product._id, maxQuantityFor(product.stock))}
              className="h-12 w-full rounded bg-gray-100 font-medium text-gray-800 transition hover:bg-gray-200 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Add to Cart
            </button>
            <button
              type="button"
              disabled={!product.inStock}
              aria-disabled={!ready || undefined}
              onClick={() => {
                if (!ready) return;
                addToCart(product._id, maxQuantityFor(product.stock));
                navigate(paths.cart);
              }}
              className="h-12 w-full rounded bg-primary-ink font-medium text-white transition hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50"
            >
              Buy now
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
