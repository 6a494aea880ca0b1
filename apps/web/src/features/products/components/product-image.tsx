import { imageSrcSet } from '@greencart/shared';

interface ProductImageProps {
  src: string;
  alt: string;
  /** The `sizes` hint: how wide the image is drawn, so the browser picks the right srcset width. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /** The page's largest paint (a product's main image, a list's first card): asked for first; the server preloads it. */
  highPriority?: boolean;
}

/** A stored product image: WebP at every stored width, square, sized up front so nothing shifts. */
export function ProductImage({ src, alt, sizes, className, eager = false, highPriority = false }: ProductImageProps) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={640}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={highPriority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
