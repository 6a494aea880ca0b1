import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noBody, routeSchema, written } from '../../lib/route-schema.js';
import { sitemapFileNotFound } from './product-errors.js';
import { chooseListEncoding, notModified, type CatalogueListBody } from './catalogue-list.js';
import { SITEMAP_PARTS, type SitemapService } from './sitemap.js';

const tags = ['Search engines'];

/**
 * What the shop tells crawlers: the pages not to crawl (the seller area but its application page, cart, orders, checkout
 * and the API: nothing a search result should lead to) and where the sitemaps are.
 */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    // The one page of the seller area a search should lead to: "Open a shop on GreenCart" (a probe found it hidden).
    'Allow: /seller/register',
    'Disallow: /seller',
    'Disallow: /cart',
    'Disallow: /my-orders',
    'Disallow: /buy-again',
    'Disallow: /add-address',
    'Disallow: /loader',
    'Disallow: /reset-password',
    'Disallow: /pay/',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

/** A sitemap file in the coding asked for, with its ETag (a 304 when the crawler has it). */
function sendXml(request: FastifyRequest, reply: FastifyReply, file: CatalogueListBody) {
  const encoding = chooseListEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').header('etag', file.etags[encoding]);
  if (notModified(request.headers['if-none-match'], file)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/xml; charset=utf-8').send(file.bodies[encoding]);
}

const xmlAnswer = (description: string) => ({ 200: written('application/xml', z.string(), description), 304: noBody('Not modified (If-None-Match)') });

/** `/robots.txt`, `/sitemap.xml` (an index), `/sitemap-pages.xml`, `/sitemap-products-N.xml` and `/sitemap-shops-N.xml` (issue 27, docs/decisions/0130). */
export async function sitemapRoutes(app: FastifyInstance, { sitemaps }: { sitemaps: SitemapService }) {
  const robots = robotsTxt(app.config.publicUrl);
  const robotsSchema = routeSchema({ tags, summary: 'What crawlers may crawl, and where the sitemap is' }, { response: { 200: written('text/plain', z.string(), 'robots.txt') } });
  app.get('/robots.txt', { schema: robotsSchema }, (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));

  // Kept per catalogue version in each coding: the compression plugin stays out of them.
  const indexSchema = routeSchema({ tags, summary: 'The sitemap index: the pages file, the product files and the shop files' }, { response: xmlAnswer('A sitemap index') });
  app.get('/sitemap.xml', { compress: false, schema: indexSchema }, async (request, reply) => sendXml(request, reply, (await sitemaps.current()).index));

  const pagesSchema = routeSchema({ tags, summary: 'The sitemap of the home page, all products and the categories' }, { response: xmlAnswer('A sitemap') });
  app.get('/sitemap-pages.xml', { compress: false, schema: pagesSchema }, async (request, reply) => sendXml(request, reply, (await sitemaps.current()).pages));

  const described = { products: 'the products sitemap: at most 50,000 product pages', shops: "the shops sitemap: at most 50,000 approved shops' pages" };
  for (const part of SITEMAP_PARTS) {
    const partSchema = routeSchema(
      { tags, summary: `One file of ${described[part]} with their lastmod`, errors: ['SITEMAP_FILE_NOT_FOUND'] },
      { params: z.object({ file: z.string().max(20).describe('1, 2, …: the file\'s number as the index names it') }), response: xmlAnswer('A sitemap') },
    );
    app.get<{ Params: { file: string } }>(`/sitemap-${part}-:file.xml`, { compress: false, schema: partSchema }, async (request, reply) => {
      // Only the number as the index writes it: `-01` was a second address of file 1, `-0` a 400 where none is.
      const number = /^[1-9]\d*$/.test(request.params.file) ? Number(request.params.file) : 0;
      const file = (await sitemaps.current())[part][number - 1];
      if (!file) throw sitemapFileNotFound(`/sitemap-${part}-${request.params.file}.xml`);
      return sendXml(request, reply, file);
    });
  }
}
