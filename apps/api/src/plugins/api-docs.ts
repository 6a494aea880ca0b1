import { readFile } from 'node:fs/promises';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ANY_ROUTE_ERROR_CODES, ERROR_CODES } from '@greencart/shared';
import { SELLER_COOKIE, USER_COOKIE } from './auth.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The API described for others (issue 27, docs/decisions/0114): an OpenAPI 3.1 document generated from
 * the routes' zod schemas, and Swagger UI reading it. Register before the routes: the document is made
 * of the routes added after it. Swagger UI's files are served from node_modules (no CDN), as separate
 * scripts and styles, so the shop's Content-Security-Policy (script-src 'self') holds for it too.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GreenCart API',
        version: '1.0.0',
        description:
          'The grocery shop\'s calls. Amounts are major units (35.5). Sessions are cookies set by the login calls: each call says which it needs (`security`). ' +
          'Every refusal of a call under /api is `{ success: false, message, code, issues? }`; each call lists its codes in its description and in `x-error-codes`. ' +
          'The built-in test payment pages (/pay/test/…, a browser\'s, without Stripe) answer HTML pages, refusals too, as their own answers say. ' +
          `Any call may also answer: ${ANY_ROUTE_ERROR_CODES.map((code) => `${code} (${ERROR_CODES[code].status})`).join(', ')}; and Fastify's own client errors keep their \`FST_…\` codes.`,
      },
      components: {
        securitySchemes: {
          shopperSession: { type: 'apiKey', in: 'cookie', name: USER_COOKIE, description: "A shopper's session: set by POST /api/user/login and /api/user/register" },
          sellerSession: { type: 'apiKey', in: 'cookie', name: SELLER_COOKIE, description: "A shop's session (the operator's too): set by POST /api/seller/login and /api/seller/register" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withUsedSchemasOnly(jsonSchemaTransformObject(document)),
  });
  app.addHook('onRoute', (route) => describeCaller(app, route));
  // The shop's name and mark in Swagger UI's bar and tab, not Fastify's (a probe): a file of this folder, no CDN. The bar's
  // logo is drawn as a data: image (img-src 'self' data: allows it); the tab's icon is served under the docs' own path.
  const [logo, mark] = await Promise.all([readFile(new URL('./api-docs-logo.svg', import.meta.url)), readFile(new URL('./api-docs-mark.svg', import.meta.url))]);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    logo: { type: 'image/svg+xml', content: logo, href: '/' },
    theme: { title: 'GreenCart API reference', favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: mark }] },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The answers' shared shapes (the shared schemas given an `id`: Product, Order, Address, User) as components the calls
 * refer to (a probe: the document held each inline, Product 16 times). The transform also writes each one's input form
 * (`ProductInput`…), which no call takes: those are left out.
 */
function withUsedSchemasOnly<T extends object>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  if (!components?.schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: undefined } }) + JSON.stringify(components.schemas);
  const used = Object.entries(components.schemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`));
  return { ...document, components: { ...components, schemas: Object.fromEntries(used) } };
}

/**
 * What a client generator needs of each call beyond its schemas (a probe): the session it takes, read from the route's
 * own session check, and an `operationId` from its method and path (`post /api/order/cod` -> `postOrderCod`).
 */
function describeCaller(app: FastifyInstance, route: RouteOptions) {
  if (!route.schema || route.schema.hide || route.method === 'HEAD') return;
  const checks = [route.onRequest ?? []].flat();
  const seller = [app.requireSeller, app.requireSellerWrite, app.requireOperator].some((check) => checks.includes(check));
  const security = checks.includes(app.requireUser) ? [{ shopperSession: [] }] : seller ? [{ sellerSession: [] }] : undefined;
  // A route is registered once per method (the seller's logout is two), so its id is unique.
  const words = `${String(route.method)} ${route.url.replace(/^\/api\//, '/')}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const operationId = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1))).join('');
  route.schema = { ...route.schema, operationId, ...(security ? { security } : {}) };
}
