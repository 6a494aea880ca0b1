import { setImmediate as nextTurn } from 'node:timers/promises';
import { CATEGORIES } from '@greencart/shared';
import { keptUntilChange, type ChannelFeed } from '../../db/channel-feed.js';
import type { Db } from '../../db/client.js';
import { encodedBodyWriter, type CatalogueListBody } from './catalogue-list.js';
import { sitemapPage } from './product-repository.js';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org); its 50 MB limit is far off (about 130 bytes a URL). */
export const SITEMAP_URLS_MAX = 50_000;
/**
 * Products read per query while the files are written (the primary key's order). When PGlite ran on the event
 * loop's thread (before 0202), 5,000 a page held other requests up to 2.1 s at 100,000 products (load 12-15,
 * docs/perf.md); a page's rows are still written out on this thread.
 */
const SITEMAP_PAGE_SIZE = 1_000;

export interface Sitemaps {
  /** `/sitemap.xml`: the index of the files below. */
  index: CatalogueListBody;
  /** `/sitemap-pages.xml`: home, all products, each category. */
  pages: CatalogueListBody;
  /** `/sitemap-products-1.xml`, `-2`, …: the products still sold, at most `SITEMAP_URLS_MAX` each. */
  products: CatalogueListBody[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

/**
 * The shop's sitemaps (issue 27, docs/decisions/0130). Written by streaming: the products are read a
 * page at a time in id order and each page's URLs go straight into the file being written (and its
 * gzip and brotli streams), a new file every `urlsPerFile` URLs; the event loop takes its turn between
 * pages. Kept until the catalogue changes on any instance (the `catalogue_changed` feed, as the
 * storefront's reads, 0060), so every instance answers the current catalogue; nothing is kept while
 * the feed is down. `lastmod` is the product's listing date: products carry no edit time.
 */
export function createSitemaps(db: Db, changes: Pick<ChannelFeed, 'live' | 'subscribe'>, options: { publicUrl: string; urlsPerFile?: number }) {
  const urlsPerFile = options.urlsPerFile ?? SITEMAP_URLS_MAX;
  const site = escapeXml(options.publicUrl);
  const kept = keptUntilChange(changes, 1);

  async function build(): Promise<Sitemaps> {
    const files: CatalogueListBody[] = [];
    const newest: string[] = [];
    let file: ReturnType<typeof encodedBodyWriter> | undefined;
    let inFile = 0;
    let fileNewest = '';
    const close = async () => {
      if (!file) return;
      file.add('</urlset>\n');
      files.push(await file.finish());
      newest.push(fileNewest);
      file = undefined;
    };
    let after: string | undefined;
    for (;;) {
      const rows = await sitemapPage(db, after, SITEMAP_PAGE_SIZE);
      for (const row of rows) {
        if (!file) {
          file = encodedBodyWriter();
          file.add(URLSET_OPEN);
          inFile = 0;
          fileNewest = '';
        }
        const lastmod = row.createdAt.toISOString();
        if (lastmod > fileNewest) fileNewest = lastmod;
        file.add(`<url><loc>${site}/products/${escapeXml(row.category.toLowerCase())}/${row.id}</loc><lastmod>${lastmod}</lastmod></url>\n`);
        if (++inFile === urlsPerFile) await close();
      }
      if (rows.length < SITEMAP_PAGE_SIZE) break;
      after = rows.at(-1)!.id;
      await nextTurn();
    }
    await close();

    const pages = encodedBodyWriter();
    pages.add(URLSET_OPEN);
    for (const path of ['/', '/products', ...CATEGORIES.map((category) => `/products/${category.path.toLowerCase()}`)]) pages.add(`<url><loc>${site}${escapeXml(path)}</loc></url>\n`);
    pages.add('</urlset>\n');

    const index = encodedBodyWriter();
    index.add(`${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`);
    index.add(`<sitemap><loc>${site}/sitemap-pages.xml</loc></sitemap>\n`);
    files.forEach((_, i) => index.add(`<sitemap><loc>${site}/sitemap-products-${i + 1}.xml</loc><lastmod>${newest[i]}</lastmod></sitemap>\n`));
    index.add('</sitemapindex>\n');
    return { index: await index.finish(), pages: await pages.finish(), products: files };
  }

  return {
    /** The sitemaps of the catalogue as of the last change heard; built once, shared by the requests meanwhile. */
    current: (): Promise<Sitemaps> => kept.get('sitemaps', build),
  };
}

export type SitemapService = ReturnType<typeof createSitemaps>;
