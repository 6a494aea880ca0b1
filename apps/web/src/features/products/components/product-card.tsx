import { maxQuantityFor, type Product } from '@greencart/shared';
import { memo } from 'react';
import { Price } from '../../../components/price';
import { UnitPrice } from '../../../components/unit-price';
import { paths } from '../../../config/paths';
import { useCartControl } from './cart-control';
import { ProductImage } from './product-image';
import { SoldBy } from './sold-by';
import { StarRating } from './star-rating';
import { UnitsLeft } from './units-left';

/**
 * A product card (spec section 2): image, category, name, stars, offer and struck list price, Add / stepper.
 * Memoised and kept to few elements: a grid draws hundreds of them as pages are appended, and a
 * new page must not redraw the cards already shown. Its links are plain anchors that `ProductGrid`
 * follows in the app: a router Link re-renders on every location change, 48 of them per page of
 * results (docs/decisions/0016).
 */
export const ProductCard = memo(function ProductCard({ product, eager = false, highPriority = false, topLevel = false }: { product: Product; eager?: boolean; highPriority?: boolean; topLevel?: boolean }) {
  const href = paths.product(product.category, product._id);
  // A list that is the page's content sits under its h1: its cards' names are h2 (h3 skipped a level); under a
  // section's h2 (Best Sellers, related products), h3.
  const Name = topLevel ? 'h2' : 'h3';
  const { Stepper } = useCartControl();
  return (
    <article aria-label={product.name} className="flex h-full flex-col rounded-md border border-gray-200 bg-white p-3 text-sm text-gray-600 md:px-4">
      <a href={href} tabIndex={-1} aria-hidden="true" className="group flex items-center justify-center">
        {product.image[0] && (
          <ProductImage
            src={product.image[0]}
            alt=""
            sizes="(min-width: 1024px) 180px, (min-width: 640px) 28vw, 42vw"
            eager={eager}
            highPriority={highPriority}
            className="aspect-square w-full max-w-36 object-contain transition group-hover:scale-105"
          />
        )}
      </a>
      <p className="mt-2">{product.category}</p>
      <Name className="text-base font-medium text-gray-800 md:text-lg">
        {/* The padding (a 40 px target on a phone) is the link's and the clamp the text's: clamped with it, a third
            line showed through the padding under the "…". */}
        <a href={href} className="block py-2 leading-6 hover:underline">
          <span className="line-clamp-2">{product.name}</span>
        </a>
      </Name>
      <StarRating height="h-3.5" />
      <SoldBy seller={product.seller} className="text-xs md:text-sm" />
      <UnitsLeft product={product} className="mt-1 text-xs md:text-sm" />
      <div className="mt-auto flex flex-col gap-2 pt-3">
        {/* Each price whole; the list price goes under the offer when the card is too narrow for both (Rs 10,00,000).
            Struck through only above the offer: a "was" below it read as a saving (decision 0257). */}
        <p className="text-base font-medium text-primary-ink md:text-lg">
          <Price amount={product.offerPrice} />{' '}
          {product.price > product.offerPrice && (
            <s className="text-xs text-gray-600 md:text-sm">
              <span className="sr-only">was </span>
              <Price amount={product.price} />
            </s>
          )}
        </p>
        <UnitPrice amount={product.offerPrice} netQuantity={product.netQuantity} weight={product.weight} className="-mt-2 text-xs text-gray-600" />
        <Stepper productId={product._id} productName={product.name} max={maxQuantityFor(product.stock)} />
      </div>
    </article>
  );
});
