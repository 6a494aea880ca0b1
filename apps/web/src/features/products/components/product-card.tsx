import { maxQuantityFor, type Product } from '@greencart/shared';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import { paths } from '../../../config/paths';
import { useCartControl } from './cart-control';
import { ProductImage } from './product-image';
import { StarRating } from './star-rating';
import { UnitsLeft } from './units-left';

/** A product card (spec section 2): image, category, name, stars, offer and struck list price, Add / stepper. */
export function ProductCard({ product }: { product: Product }) {
  const href = paths.product(product.category, product._id);
  const { Stepper } = useCartControl();
  return (
    <article aria-label={product.name} className="flex h-full flex-col rounded-md border border-gray-200 bg-white p-3 md:px-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="group flex items-center justify-center">
        {product.image[0] && (
          <ProductImage
            src={product.image[0]}
            alt=""
            sizes="(min-width: 1024px) 180px, (min-width: 640px) 28vw, 42vw"
            className="aspect-square w-full max-w-36 object-contain transition group-hover:scale-105"
          />
        )}
      </Link>
      <div className="mt-2 flex flex-1 flex-col text-sm text-gray-600">
        <p>{product.category}</p>
        <h3 className="text-base font-medium text-gray-800 md:text-lg">
          <Link to={href} className="block truncate py-2 leading-6 hover:underline">
            {product.name}
          </Link>
        </h3>
        <StarRating size="h-3.5 w-3.5" />
        <UnitsLeft product={product} className="mt-1 text-xs md:text-sm" />
        <div className="mt-auto flex flex-col gap-2 pt-3">
          <p className="whitespace-nowrap text-base font-medium text-primary-ink md:text-lg">
            <Price amount={product.offerPrice} />{' '}
            <s className="text-xs text-gray-600 md:text-sm">
              <span className="sr-only">was </span>
              <Price amount={product.price} />
            </s>
          </p>
          <Stepper productId={product._id} productName={product.name} max={maxQuantityFor(product.stock)} />
        </div>
      </div>
    </article>
  );
}
