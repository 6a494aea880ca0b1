import { imageSrcSet } from '@greencart/shared';

interface ProductImageProps {
  src: string;
  alt: string;
  /** The `sizes` hint: how wide the image is drawn, so the browser picks the right srcset width. */
  sizes: string;
  className?: string;
  /** Above the fold (the product page's main image, its largest paint): load at once and first instead of lazily. */
  eager?: boolean;
}

/** A stored product image: WebP at every stored width, square, sized up front so nothing shifts. */
export function ProductImage({ src, alt, sizes, className, eager = false }: ProductImageProps) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={640}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
