import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The home banner (spec section 1): large art from 768 px up, the tall small one below; text is HTML. */
export function MainBanner() {
  return (
    <section className="relative overflow-hidden rounded-lg">
      <picture>
        <source
          media="(min-width: 768px)"
          srcSet="/art/main-banner-lg-960.webp 960w, /art/main-banner-lg-1600.webp 1600w"
          sizes="(min-width: 1280px) 1216px, 92vw"
          width={1600}
          height={600}
        />
        {/* The largest paint of the page: fetched first, never lazily. */}
        <img
          src="/art/main-banner-sm-400.webp"
          srcSet="/art/main-banner-sm-400.webp 400w, /art/main-banner-sm-800.webp 800w"
          sizes="92vw"
          width={800}
          height={1000}
          alt="Fresh vegetables and fruits"
          fetchPriority="high"
          className="h-auto w-full"
        />
      </picture>
      <div className="absolute inset-0 flex flex-col items-center justify-start px-5 pt-12 text-center md:items-start md:justify-center md:pt-0 md:pl-14 md:text-left lg:pl-20">
        <h1 className="max-w-72 text-3xl leading-tight font-bold md:max-w-80 md:text-4xl lg:max-w-105 lg:text-5xl lg:leading-15">
          Harvesting Happiness, Delivering Daily!
        </h1>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3 font-medium md:justify-start">
          <Link to={paths.products} className="flex h-11 items-center rounded bg-primary-ink px-7 text-white transition hover:bg-primary-deep md:px-9">
            Shop now
          </Link>
          <Link to={paths.products} className="flex h-11 items-center rounded border border-primary-ink bg-white/70 px-7 text-primary-ink transition hover:bg-white md:px-9">
            Explore Deals
          </Link>
        </div>
      </div>
    </section>
  );
}
