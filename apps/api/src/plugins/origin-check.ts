import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const crossSite = () => new AppError('CROSS_SITE_REQUEST', 403, 'Cross-site requests are not allowed');

/**
 * For the logouts that are GETs (the spec's shopper logout, section 7; the original client's seller logout),
 * which the Origin check below does not cover: a SameSite=Lax cookie still rides a cross-site link, so
 * refuse what the browser marks as cross-site.
 */
export async function refuseCrossSite(request: FastifyRequest) {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing calls made by another site (CSRF), on top of SameSite=Lax cookies:
 * a browser's `Origin` must match this shop's (PUBLIC_URL or the request's own host), and
 * `Sec-Fetch-Site: cross-site` is refused. Calls without either header (curl, servers) pass:
 * they carry no ambient browser cookies. Payment webhooks are signed instead and skip this.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl: string; exempt: string[] }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || options.exempt.includes(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) {
        throw crossSite();
      }
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw crossSite();
    }
  });
}
