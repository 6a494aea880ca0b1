import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY, DEFAULT_STORE_TIME_ZONE } from '@greencart/shared';
import { defaultMaxConnections } from '../lib/open-files.js';

/** Development defaults for the demo seller; production refuses to start without real values. */
export const DEV_SELLER_EMAIL = 'seller@greencart.local';
export const DEV_SELLER_PASSWORD = 'greencart-seller';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** proxy-addr's named ranges (Fastify compiles a TRUST_PROXY list with it). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For entries to believe (docs/decisions/0020): a number of proxies in front of the shop,
 * or the proxies' own addresses. `true` (trust every entry, including the leftmost, which the client
 * writes) is refused rather than guessed at, so an old setting cannot silently keep the hole open.
 */
const TRUST_PROXY_HELP = 'must be the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.1,10.1.0.0/16)';
const TrustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): TrustProxy => {
    if (v === '' || v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
    const entries = v.split(',').map((entry) => entry.trim());
    if (v !== 'true' && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: v === 'true' ? `${TRUST_PROXY_HELP}; true would trust the client's own X-Forwarded-For` : TRUST_PROXY_HELP });
    return z.NEVER;
  });

/**
 * Connections per instance unless DATABASE_POOL_SIZE says otherwise: as many as shoppers checking out at
 * once commit together. PostgreSQL flushes the commits waiting at one moment with one WAL write, so 20
 * made checkout 12 % faster than 10 (docs/decisions/0089).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

/**
 * Connections one client address may hold open (docs/decisions/0095): a few hundred browsers behind
 * one office or carrier NAT, six connections each, fit; one address cannot hold most of the cap.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 512;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65535, 'must be a port number').default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    HEADERS_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a number of milliseconds').min(1, 'must be a number of milliseconds').default(10_000),
    MAX_CONNECTIONS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a number of milliseconds').min(0, 'must be a number of milliseconds').max(60_000, 'must be at most 60000').default(0),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(DEFAULT_DATABASE_POOL_SIZE),
    PUBLIC_URL: optionalText.pipe(z.url({ message: 'must be an absolute URL such as https://shop.example.com' }).optional()),
    CURRENCY: z.string().trim().min(1, 'must not be empty').max(5, 'must be at most 5 characters').default(DEFAULT_CURRENCY),
    /** The store's time zone (issue 28, decision 0140): delivery windows are its local times. */
    STORE_TIME_ZONE: z
      .string()
      .trim()
      .default(DEFAULT_STORE_TIME_ZONE)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Asia/Kolkata'),
    SELLER_EMAIL: optionalText.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
    SELLER_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    GEMINI_API_KEY: optionalText,
    GEMINI_BASE_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    GEMINI_TIMEOUT_MS: z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a number of milliseconds').min(1, 'must be a number of milliseconds').default(20_000),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: optionalText.pipe(z.url({ message: 'must be a URL' }).optional()),
    ALLOW_TEST_PAYMENTS: z
      .enum(['', 'true', 'false', '1', '0'], { message: 'must be true or false' })
      .default('')
      .transform((v) => v === 'true' || v === '1'),
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
    MAIL_FROM: z.string().default('GreenCart <orders@greencart.local>'),
    TRUST_PROXY: TrustProxySchema,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['SELLER_EMAIL', 'SELLER_PASSWORD'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' });
    }
  });

/** Every variable the server reads: `.env.example` names each (env.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

/** No proxy (`false`), a number of proxy hops, or the trusted proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** A connection whose request headers have not all arrived by then is closed. */
  headersTimeoutMs: number;
  /**
   * Open connections at most (default: derived from the open-file limit); a newcomer beyond it closes
   * the least recently active idle one (docs/decisions/0095).
   */
  maxConnections: number;
  /** The same per client address; none when TRUST_PROXY is set (connections then come from proxies). */
  maxConnectionsPerAddress: number | undefined;
  /**
   * After SIGTERM, how long the instance goes on listening and serving (answering /healthz 503) before
   * it stops listening: as long as a balancer takes to see it unhealthy (docs/decisions/0094).
   */
  shutdownDrainMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each instance opens to DATABASE_URL for its queries (docs/decisions/0089). */
  databasePoolSize: number;
  publicUrl: string;
  currency: string;
  /** The store's time zone: the shops' delivery windows are its local times (issue 28). */
  storeTimeZone: string;
  seller: { email: string; password: string };
  geminiApiKey: string | undefined;
  geminiBaseUrl: string | undefined;
  /** Bounds each chat message's time with the model, its tool rounds included: a hung upstream never hangs the widget. */
  geminiTimeoutMs: number;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** Opens the built-in test payment page in production (it is always open in development and tests). */
  allowTestPayments: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: TrustProxy;
  logLevel: string;
  webDist: string;
}

export class ConfigError extends Error {}

/** The process's environment, with a `.env` file of the working directory under it (a variable already set wins). */
function processEnv(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

/** Parses the environment once at start; a bad value gives one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = processEnv()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === false ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : undefined),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    currency: e.CURRENCY,
    storeTimeZone: e.STORE_TIME_ZONE,
    seller: { email: (e.SELLER_EMAIL ?? DEV_SELLER_EMAIL).toLowerCase(), password: e.SELLER_PASSWORD ?? DEV_SELLER_PASSWORD },
    geminiApiKey: e.GEMINI_API_KEY,
    geminiBaseUrl: e.GEMINI_BASE_URL,
    geminiTimeoutMs: e.GEMINI_TIMEOUT_MS,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
    allowTestPayments: e.ALLOW_TEST_PAYMENTS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
