import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const crossSite = () => new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed');

/** This shop's origins: PUBLIC_URL's, and the one the request itself was made to (a proxy's Host). */
const isOwnOrigin = (request: FastifyRequest, origin: string) =>
  origin === new URL(request.server.config.publicUrl).origin || origin === `${request.protocol}://${request.host}`;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

/**
 * For the logouts that are GETs (the spec's shopper logout, section 7; the original client's seller logout),
 * which the Origin check below does not cover: a SameSite=Lax cookie still rides a cross-site link, so
 * refuse what the browser marks as cross-site, and, from a browser that sends no Sec-Fetch-Site, an
 * Origin or Referer of another site (docs/decisions/0096). A `same-site` call comes from another origin of the
 * shop's site (a sibling subdomain, another port), whose cookies ride along too: refused as well (a probe's write with
 * no Origin passed). The original client's own call is same-origin; a call with neither header (curl, a page whose
 * referrer policy sends none) passes.
 */
export async function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw crossSite();
  if (site === 'same-origin' || site === 'none') return;
  const from = request.headers.origin ?? (request.headers.referer === undefined ? undefined : originOf(request.headers.referer));
  if (from !== undefined && !isOwnOrigin(request, from)) throw crossSite();
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing calls made by another site (CSRF), on top of SameSite=Lax cookies:
 * a browser's `Origin` must match this shop's (PUBLIC_URL or the request's own host); without an `Origin` (a browser
 * or extension that strips it), the GET logouts' rule above: `Sec-Fetch-Site: cross-site` or `same-site`, or a `Referer` of another
 * site, is refused (a fuzzer's write with no Origin and a foreign Referer passed). Calls with none of these headers
 * (curl, servers) pass: they carry no ambient browser cookies. Payment webhooks are signed instead and skip this.
 */
export function registerOriginCheck(app: FastifyInstance, options: { exempt: string[] }) {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || options.exempt.includes(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return refuseCrossSite(request);
    if (!isOwnOrigin(request, origin)) throw crossSite();
  });
}
