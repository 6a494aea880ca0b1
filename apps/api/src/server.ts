import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { DataDirError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // PGlite's WebAssembly optimized whole as it is compiled, before the first request, rather than function by
  // function once each is hot: about 1.5 s more CPU at start, and a fresh instance no longer answers its first
  // 10-20 s of load at half the rate (decision 0209). Only here: a test file's database keeps the fast start.
  if (!config.databaseUrl) v8.setFlagsFromString('--no-wasm-dynamic-tiering');
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  } catch (err) {
    if (err instanceof DataDirError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, database });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      // Requests still running (a long import) end here; their transactions roll back.
      app.log.error(`still stopping ${(config.shutdownDrainMs + 10_000) / 1000} s after ${signal}: exiting with requests unfinished`);
      process.exit(1);
    }, config.shutdownDrainMs + 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.isProduction && new URL(config.publicUrl).hostname === 'localhost') {
    app.log.warn(`PUBLIC_URL is not set: links in mails, the sitemap and every page's canonical address name ${config.publicUrl}`);
  }
  // Instances share PostgreSQL only (decision 0062): an operator who set this expecting a shared cache is told so.
  if (process.env.REDIS_URL) app.log.warn('REDIS_URL is set but not used: instances share limits, sessions and jobs through the database (docs/decisions/0062)');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`GreenCart is ready at ${config.publicUrl} (database: ${database.driver})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
