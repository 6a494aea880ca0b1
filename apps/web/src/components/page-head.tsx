/**
 * A page's own head for search engines and link previews (issue 27, docs/decisions/0129): title,
 * description, canonical URL, Open Graph and Twitter cards. React 19 hoists these into <head> in the
 * browser; the server moves them there from the start of its render (app/server-render.tsx). A page of
 * search results or of a filter is `noindex` (its links still followed): endless variants of a list, its
 * canonical the list itself. A page without a picture of its own (home, lists, a shop) is previewed with the
 * shop's banner.
 */
export function PageHead({
  title,
  description,
  canonical,
  image,
  type = 'website',
  noindex = false,
}: {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  type?: 'website' | 'product';
  noindex?: boolean;
}) {
  image ??= new URL('/art/main-banner-lg-960.webp', canonical).href;
  return (
    <>
      <title>{title}</title>
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content="GreenCart" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}

/** Structured data (schema.org JSON-LD); `<` escaped so no text of the shop's can close the script. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
