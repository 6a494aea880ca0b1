// Icon outlines (24 px grid), drawn inline: emoji fonts are not on every device.
const CLAIMS = [
  { title: 'Fastest Delivery', text: 'Groceries delivered in under 30 minutes.', icon: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z' },
  { title: 'Freshness Guaranteed', text: 'Fresh produce straight from the source.', icon: 'M5 21c0-9 5-15 15-16-1 10-7 15-15 16Zm0 0 8-8' },
  { title: 'Affordable Prices', text: 'Quality groceries at unbeatable prices.', icon: 'M3 12V4h8l10 10-8 8L3 12Zm5-4h.01' },
  { title: 'Trusted by Thousands', text: 'Loved by 10,000+ happy customers.', icon: 'M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 6-8 11-8 11Z' },
];

/** The bottom banner with 'Why We Are The Best ?' and the four claims of spec section 1. */
export function WhyWeAreBest() {
  return (
    // Image and text share one grid cell: the banner grows with its text (the image covers it) instead
    // of letting the claims run over the artwork on a narrow phone.
    <section aria-labelledby="why-heading" className="mt-24 grid overflow-hidden rounded-lg">
      <picture className="contents">
        <source
          media="(min-width: 768px)"
          srcSet="/art/bottom-banner-lg-960.webp 960w, /art/bottom-banner-lg-1600.webp 1600w"
          sizes="(min-width: 1280px) 1216px, 92vw"
          width={1600}
          height={600}
        />
        <img
          src="/art/bottom-banner-sm-400.webp"
          srcSet="/art/bottom-banner-sm-400.webp 400w, /art/bottom-banner-sm-800.webp 800w"
          sizes="92vw"
          width={800}
          height={1100}
          alt="A shopping trolley with fresh groceries"
          loading="lazy"
          className="col-start-1 row-start-1 h-full w-full object-cover object-top"
        />
      </picture>
      <div className="col-start-1 row-start-1 flex flex-col items-center px-5 pt-[64%] pb-8 md:items-end md:justify-center md:py-6 md:pr-16 lg:pr-24">
        <div>
          <h2 id="why-heading" className="mb-4 text-2xl font-semibold text-primary-ink md:text-3xl">
            Why We Are The Best ?
          </h2>
          <ul className="flex flex-col gap-3 md:gap-4">
            {CLAIMS.map((claim) => (
              <li key={claim.title} className="flex items-center gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-primary-ink shadow-sm">
                  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="h-5 w-5">
                    <path d={claim.icon} />
                  </svg>
                </span>
                <div>
                  <h3 className="text-lg font-semibold md:text-xl">{claim.title}</h3>
                  <p className="text-sm text-gray-600 md:text-base">{claim.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
