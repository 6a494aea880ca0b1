import { setImmediate as nextTurn } from 'node:timers/promises';
import { CATEGORIES, productPath, SHOP_APPLICATION_PAGE } from '@greencart/shared';
import type { ChannelFeed } from '../../db/channel-feed.js';
import type { Db } from '../../db/client.js';
import { encodedBodyWriter, type CatalogueListBody } from './catalogue-list.js';
import type { SellerService } from '../seller/seller-service.js';
import { sitemapPage } from './product-repository.js';
import { spacedRebuilds } from './spaced-rebuilds.js';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org); its 50 MB limit is far off (about 130 bytes a URL). */
export const SITEMAP_URLS_MAX = 50_000;
/**
 * Rows read per query while the files are written (products in the primary key's order, shops in the operator
 * list's). When PGlite ran on the event loop's thread (before 0202), 5,000 a page held other requests up to 2.1 s at
 * 100,000 products (load 12-15, docs/perf.md); a page's rows are still written out on this thread.
 */
const SITEMAP_PAGE_SIZE = 1_000;
/**
 * After a build of the sitemaps that took B ms (the shorter of the last two), the next starts no sooner than B × this
 * after it ended, the previous files answering meanwhile: rebuilds take at most 1/11 of this event loop's time
 * whatever the rates of changes and requests (decision 0130, amended 2026-11-29 later). At 100,000 products on
 * PostgreSQL a build is 2.5-4.3 s of this thread, during which other requests' slowest rose to 0.5 s; back to back
 * they were the whole time. A crawler reads a sitemap hours or days apart, so a change shown within about 40 s is as
 * good as at once; a small shop's build of milliseconds is spaced by milliseconds, so it shows at once.
 */
export const SITEMAP_REBUILD_SPACING = 10;
/**
 * A rebuild that starts at once (or is under way) is waited for whole when the last build took less than this, for this
 * long at most when it took longer. A crawler reads a sitemap hours apart and waits a few seconds for it: the first read
 * after a quiet spell gets the files as of the last change (with 300 ms, as the list, a probe's read a minute after a
 * product was retired got the files that still listed it; decision 0130, amended 2026-11-30).
 */
const SITEMAP_REBUILD_WAIT_MS = 10_000;

export interface Sitemaps {
  /** `/sitemap.xml`: the index of the files below. */
  index: CatalogueListBody;
  /** `/sitemap-pages.xml`: home, all products, each category, contact, the application to open a shop. */
  pages: CatalogueListBody;
  /** `/sitemap-products-1.xml`, `-2`, …: the products still sold, at most `SITEMAP_URLS_MAX` each. */
  products: CatalogueListBody[];
  /** `/sitemap-shops-1.xml`, …: the approved shops' pages (`/shop/:slug`), at most `SITEMAP_URLS_MAX` each. */
  shops: CatalogueListBody[];
}

/** The kinds of sitemap file that come in numbered parts. */
export const SITEMAP_PARTS = ['products', 'shops'] as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

/**
 * A page the sitemaps walk: its path on the site, `listed` when its URL is in them, and when it last changed (ISO
 * 8601; for one not listed, when it left, or '' if it never was listed). One not listed (a retired product, a suspended
 * shop) is walked too: a file's lastmod is the newest change in the file's stretch, so it advances when a URL leaves it.
 */
interface Entry {
  path: string;
  lastmod: string;
  listed: boolean;
}

/**
 * The shop's sitemaps (issue 27, docs/decisions/0130). Written by streaming: the products, then the approved shops,
 * are read a page at a time in an indexed order and each page's URLs go straight into the file being written (and
 * its gzip and brotli streams), a new file every `urlsPerFile` URLs; the event loop takes its turn between pages.
 * Rebuilt after the catalogue changes on any instance (the `catalogue_changed` feed, as the storefront's reads, 0060;
 * a shop's status, name or slug changes it too), once for all requests, spaced by `SITEMAP_REBUILD_SPACING` times the
 * build's length, the previous files answering meanwhile: every instance shows every change within the build under
 * way, one spacing and a build. While the feed is down every request counts as a change, under the same spacing.
 * A product's `lastmod` is when what its page shows last changed (`products.updated_at`, kept by a trigger) or its
 * shop was last approved or renamed, whichever is latest; a shop's, when it was approved (or its creation, for the
 * operator's), renamed since, or a product its page lists last changed; a shop listing no product is left out.
 */
export function createSitemaps(
  db: Db,
  changes: Pick<ChannelFeed, 'live' | 'subscribe'>,
  options: {
    publicUrl: string;
    shops: Pick<SellerService, 'list'>;
    urlsPerFile?: number;
    /** `SITEMAP_REBUILD_SPACING` unless given (a test: 0, every request after a change waits for its rebuild). */
    rebuildSpacing?: number;
  },
) {
  const urlsPerFile = options.urlsPerFile ?? SITEMAP_URLS_MAX;
  const site = escapeXml(options.publicUrl);

  /**
   * Every product, a page at a time in id order; `shown` gathers each shop's newest change of a product its page lists
   * (in stock, still sold): the shop's page changes with them.
   */
  async function* productEntries(shown: Map<string, string>): AsyncGenerator<Entry[]> {
    for (let after: string | undefined; ; await nextTurn()) {
      const rows = await sitemapPage(db, after, SITEMAP_PAGE_SIZE);
      yield rows.map((row) => {
        const lastmod = row.changedAt.toISOString();
        if (row.listed && row.inStock && lastmod > (shown.get(row.sellerId) ?? '')) shown.set(row.sellerId, lastmod);
        return { path: productPath(row.category, row.id), lastmod, listed: row.listed };
      });
      if (rows.length < SITEMAP_PAGE_SIZE) return;
      after = rows.at(-1)!.id;
    }
  }

  /**
   * Every shop, a page at a time, oldest first: the operator's list, through the shops' own service. Listed when approved
   * with a product its page shows (a crawler probe: an empty shop's page, "no products in stock", was listed), dated by
   * its newest change of them too (it kept its approval's date while its products' prices changed).
   */
  async function* shopEntries(shown: Map<string, string>): AsyncGenerator<Entry[]> {
    for (let cursor: string | undefined; ; await nextTurn()) {
      const page = await options.shops.list({ q: '', cursor, limit: SITEMAP_PAGE_SIZE });
      yield page.sellers.map((shop) => {
        const approved = shop.status === 'approved';
        // An application never approved has no status change: it never was in the sitemaps.
        const since = shop.statusChangedAt ?? (approved ? shop.createdAt : '');
        // Renamed while listed, its page changed then (ISO times of one format compare as strings).
        const changed = since && shop.renamedAt && shop.renamedAt > since ? shop.renamedAt : since;
        const products = approved ? shown.get(shop.id) : undefined;
        return { path: `/shop/${shop.slug}`, lastmod: products && products > changed ? products : changed, listed: products !== undefined };
      });
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }

  /**
   * The listed entries written into files of at most `urlsPerFile` URLs, each with its newest change: of its URLs, of
   * the pages not listed between its first URL and the next file's (the last file's: to the end), and of every earlier file.
   */
  async function writeFiles(entries: AsyncIterable<Entry[]>): Promise<{ file: CatalogueListBody; newest: string }[]> {
    const written: { file: CatalogueListBody; newest: string }[] = [];
    let file: ReturnType<typeof encodedBodyWriter> | undefined;
    let inFile = 0;
    let newest = '';
    const close = async () => {
      if (!file) return;
      file.add('</urlset>\n');
      written.push({ file: await file.finish(), newest });
      file = undefined;
    };
    for await (const page of entries) {
      for (const entry of page) {
        if (!entry.listed) {
          // Before the first file: the first file's stretch; after a full file: the closed file's.
          const stretch = file || written.length === 0 ? undefined : written.at(-1);
          if (entry.lastmod > (stretch?.newest ?? newest)) {
            if (stretch) stretch.newest = entry.lastmod;
            else newest = entry.lastmod;
          }
          continue;
        }
        if (!file) {
          file = encodedBodyWriter();
          file.add(URLSET_OPEN);
          inFile = 0;
          if (written.length > 0) newest = '';
        }
        if (entry.lastmod > newest) newest = entry.lastmod;
        file.add(`<url><loc>${site}${escapeXml(entry.path)}</loc><lastmod>${entry.lastmod}</lastmod></url>\n`);
        if (++inFile === urlsPerFile) await close();
      }
    }
    await close();
    // A URL that leaves or comes back moves every later URL a place, so every later file changes with it: no file's
    // lastmod is older than an earlier file's (a crawler may read a file again for nothing, never skip a changed one).
    for (let i = 1; i < written.length; i++) if (written[i]!.newest < written[i - 1]!.newest) written[i]!.newest = written[i - 1]!.newest;
    return written;
  }

  async function build(): Promise<Sitemaps> {
    const shown = new Map<string, string>();
    const parts = { products: await writeFiles(productEntries(shown)), shops: await writeFiles(shopEntries(shown)) };

    const pages = encodedBodyWriter();
    pages.add(URLSET_OPEN);
    for (const path of ['/', '/products', ...CATEGORIES.map((category) => `/products/${category.path.toLowerCase()}`), '/contact', SHOP_APPLICATION_PAGE.path]) pages.add(`<url><loc>${site}${escapeXml(path)}</loc></url>\n`);
    pages.add('</urlset>\n');

    const index = encodedBodyWriter();
    index.add(`${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`);
    index.add(`<sitemap><loc>${site}/sitemap-pages.xml</loc></sitemap>\n`);
    for (const part of SITEMAP_PARTS) {
      parts[part].forEach(({ newest }, i) => index.add(`<sitemap><loc>${site}/sitemap-${part}-${i + 1}.xml</loc><lastmod>${newest}</lastmod></sitemap>\n`));
    }
    index.add('</sitemapindex>\n');
    return { index: await index.finish(), pages: await pages.finish(), products: parts.products.map((p) => p.file), shops: parts.shops.map((p) => p.file) };
  }

  const sitemaps = spacedRebuilds(build, changes, {
    factor: options.rebuildSpacing ?? SITEMAP_REBUILD_SPACING,
    spacedFromMs: 0,
    waitMs: SITEMAP_REBUILD_WAIT_MS,
    spacedWhileFeedDown: true,
  });

  return {
    /**
     * The sitemaps as of the last change heard, or within one spacing of it: built once for the requests meanwhile,
     * the first waited for, a rebuild waited for only when it starts at once and the last took under 300 ms.
     */
    current: (): Promise<Sitemaps> => sitemaps.current(),
  };
}

export type SitemapService = ReturnType<typeof createSitemaps>;
