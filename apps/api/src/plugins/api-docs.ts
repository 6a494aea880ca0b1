import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ANY_ROUTE_ERROR_CODES, ERROR_CODES } from '@greencart/shared';

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
          'The grocery shop\'s calls (docs/spec/store-spec.md). Amounts are major units (35.5). Sessions are cookies set by the login calls. ' +
          'Every refusal is `{ success: false, message, code, issues? }`; each call lists its codes in its description and in `x-error-codes`. ' +
          `Any call may also answer: ${ANY_ROUTE_ERROR_CODES.map((code) => `${code} (${ERROR_CODES[code].status})`).join(', ')}; and Fastify's own client errors keep their \`FST_…\` codes.`,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
