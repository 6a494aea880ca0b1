import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ANY_ROUTE_ERROR_CODES, toMinor } from '@greencart/shared';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { addresses, products, storedImages, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { findOperator } from '../modules/seller/seller-repository.js';
import type { LoginClock } from '../modules/users/password-login.js';
import { SAMPLE_ADDRESS } from '@greencart/shared/testing';
import { openTestDatabase } from './test-databases.js';

export { freshPostgresDatabase, migratedDataDir, openTestDatabase } from './test-databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'seed' | 'loginClock' | 'mailer' | 'mailSender' | 'sitemapRebuildSpacing'> & {
    /** Another app's database (a second instance on it, or the next start after one died): left open by close. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'greencart-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...env });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    seed: options.seed ?? false,
    logger: false,
    loginClock: options.loginClock,
    mailer: options.mailer,
    mailSender: options.mailSender,
    sitemapRebuildSpacing: options.sitemapRebuildSpacing,
    scheduledJobs: false,
  });
  const undocumented = refusalsOutsideTheDocument(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (undocumented.size > 0) throw new Error(`Refusals their route's document does not list (routeSchema's errors): ${[...undocumented].join('; ')}`);
    },
  };
}

/** Codes any route may answer (the catalogue's `anyRoute` ones, and Fastify's own): the document says so once. */
const ANY_ROUTE = new Set<string>(ANY_ROUTE_ERROR_CODES);

/**
 * Every refusal a test meets must be one its route's OpenAPI entry lists (`x-error-codes`, decision 0114): a
 * client built from the document handles what it is told. Collected while the app runs; `close` fails the file.
 */
function refusalsOutsideTheDocument(app: FastifyInstance): Set<string> {
  const found = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const listed = (request.routeOptions.schema as { 'x-error-codes'?: { code: string }[] } | undefined)?.['x-error-codes'];
    if (reply.statusCode < 400 || !listed || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    const { code } = JSON.parse(payload) as { code?: string };
    if (code && !ANY_ROUTE.has(code) && !code.startsWith('FST_') && !listed.some((entry) => entry.code === code)) found.add(`${request.method} ${request.routeOptions.url} answered ${code}`);
    return payload;
  });
  return found;
}

/** A login clock that records each slow-down in `waits` instead of waiting it out (the login tests). */
export function recordingLoginClock(): { loginClock: LoginClock; waits: number[] } {
  const waits: number[] = [];
  return { loginClock: { now: () => new Date(), sleep: async (ms) => void waits.push(ms) }, waits };
}

/**
 * Resolves once every order e-mail queued so far has been tried by this app's sender (docs/decisions/0083):
 * the one wait before reading what was mailed, instead of sleeping.
 */
export const mailsSent = (app: FastifyInstance): Promise<void> => app.mailSender.flush();

/** Every stored image rendition's name, wherever this app keeps them (disk, or PostgreSQL: 0061). */
export async function storedImageNames(t: TestApp): Promise<string[]> {
  const names =
    t.database.driver === 'postgres'
      ? (await t.app.db.select({ name: storedImages.name }).from(storedImages)).map((row) => row.name)
      : await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => []);
  return names.sort();
}

// ---- data builders shared by the API suites ----

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const TEST_PASSWORD = 'correct-horse-battery';

let testPasswordHash: Promise<string> | undefined;
/**
 * A hash of `password`; TEST_PASSWORD's is made once per process and shared by every account the builders
 * make (an Argon2id hash costs about 33 ms of CPU, and the suites make hundreds of accounts).
 */
export function passwordHashFor(password = TEST_PASSWORD): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  return (testPasswordHash ??= hashPassword(TEST_PASSWORD));
}

export async function createUser(app: FastifyInstance, overrides: { name?: string; email?: string; password?: string } = {}) {
  const email = overrides.email ?? `shopper-${next()}@example.com`;
  const [user] = await app.db
    .insert(users)
    .values({ name: overrides.name ?? 'Test Shopper', email, passwordHash: await passwordHashFor(overrides.password) })
    .returning();
  return user!;
}

/** A logged-in shopper: the user row and the Cookie header of a live session. */
export async function createShopper(app: FastifyInstance, overrides: { name?: string; email?: string } = {}) {
  const user = await createUser(app, overrides);
  const { token } = await app.sessions.start({ userId: user.id });
  return { user, cookie: `gc_session=${token}` };
}

/** The operator's shop (the first one): the spec's seller, whose products and orders every suite made. */
export async function operatorId(app: FastifyInstance): Promise<string> {
  const operator = await findOperator(app.db);
  if (!operator) throw new Error('migration 0019 should have made the operator');
  return operator.id;
}

/** A seller session's Cookie header: the operator's (the spec's seller) unless another shop is named. */
export async function sellerCookie(app: FastifyInstance, sellerId?: string): Promise<string> {
  const { token } = await app.sessions.start({ sellerId: sellerId ?? (await operatorId(app)) });
  return `gc_seller_session=${token}`;
}

export async function createProduct(
  app: FastifyInstance,
  overrides: { name?: string; category?: string; price?: number; offerPrice?: number; inStock?: boolean; weight?: string | null; createdAt?: Date; sellerId?: string } = {},
) {
  const [row] = await app.db
    .insert(products)
    .values({
      sellerId: overrides.sellerId ?? (await operatorId(app)),
      name: overrides.name ?? `Test Product ${next()}`,
      category: overrides.category ?? 'Fruits',
      description: ['A test product'],
      priceMinor: toMinor(overrides.price ?? 50),
      offerPriceMinor: toMinor(overrides.offerPrice ?? 40),
      images: [],
      inStock: overrides.inStock ?? true,
      weight: overrides.weight === undefined ? '1 kg' : overrides.weight,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  app.products.invalidate();
  return row!;
}

export { SAMPLE_ADDRESS };

export async function createAddress(app: FastifyInstance, userId: string) {
  const [row] = await app.db.insert(addresses).values({ ...SAMPLE_ADDRESS, userId }).returning();
  return row!;
}

/** The parsed JSON body of an injected response. */
export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
