import cluster from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/env.js';

/**
 * `npm run start:cluster`: one shop instance per core on this machine, all on PORT (Node's cluster
 * module hands each new connection to the next instance), all with this process's configuration.
 * They share state only through PostgreSQL (docs/decisions/0060-0062), so DATABASE_URL is required: the
 * embedded database is one process per DATA_DIR (docs/decisions/0006).
 */
const RESTART_DELAY_MS = 1_000;

/** INSTANCES, when set, overrides one per core (a machine shared with the database, say). */
function instanceCount(env: NodeJS.ProcessEnv, cores: number): number {
  if (env.INSTANCES === undefined || env.INSTANCES.trim() === '') return cores;
  const n = Number(env.INSTANCES);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new ConfigError(`Invalid configuration: INSTANCES must be a whole number from 1 to 256 (got "${env.INSTANCES}")`);
  return n;
}

function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'start:cluster needs DATABASE_URL: several instances can only share a PostgreSQL database. The embedded database (DATA_DIR) is one process; run "npm start" for it.',
    );
  }
  const count = instanceCount(process.env, os.availableParallelism());
  // Each instance runs server.ts itself, with the same environment and flags (--import tsx).
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./server.ts', import.meta.url)) });
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // An instance that crashed is replaced; one that could not start at all (bad configuration,
    // database unreachable) would crash again at once, so the delay keeps that from spinning.
    console.error(`instance ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${RESTART_DELAY_MS / 1000} s`);
    setTimeout(() => !stopping && cluster.fork(), RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    // Each instance shuts down gracefully on the signal (server.ts); the primary leaves when they have.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`GreenCart: ${count} instances on port ${config.port}, database ${new URL(config.databaseUrl).host}`);
}

try {
  main();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
