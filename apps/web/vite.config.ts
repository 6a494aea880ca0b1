import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/** The API `npm run dev` starts beside Vite: on PORT, as the server reads it (3000 unless set), or at API_URL. */
const api = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * React Router publishes a production build beside its development one but its package exports only the
 * latter (dev warnings and their messages: about 1 kB gzip on every first load, docs/decisions/0182). A
 * production build takes the production one; `vite` (dev) keeps the warnings.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

/**
 * Vite wraps every `import()` in its preload helper, which preloads a lazy chunk's imports and CSS: about 0.9 kB
 * gzip on every first load. This shop gives dynamic imports no preload list (`resolveDependencies` below) and has
 * one stylesheet, so each call is `helper(() => import(…), [])` and the helper only calls its function: its chunk
 * becomes that (docs/decisions/0239). A call with dependencies (`__vite__mapDeps`) stops the build instead.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

function bareDynamicImports(): Plugin {
  return {
    name: 'greencart:bare-dynamic-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withDeps = chunks.find((chunk) => chunk.code.includes('__vite__mapDeps'));
      if (withDeps) this.error(`${withDeps.fileName} preloads the dependencies of a dynamic import: the bare preload helper would skip them`);
      const helper = chunks.find((chunk) => chunk.moduleIds.includes(PRELOAD_HELPER));
      // The server renderer's build has none.
      if (!helper) return;
      if (helper.moduleIds.length !== 1 || helper.exports.length !== 1) return this.warn('the preload helper is not a chunk of its own: left as Vite wrote it');
      helper.code = `const preload=(load)=>load();export{preload as ${helper.exports[0]}};`;
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), bareDynamicImports()],
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  server: {
    port: 5173,
    // The browser's Host kept (not the API's): the API's cross-site check compares a write's Origin with it, and
    // refused every login and sign-up through this server when the proxy put the API's address there.
    proxy: { '/api': { target: api, changeOrigin: false }, '/uploads': { target: api, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // The server renderer (app/server-render.tsx) reads it for each page's route chunks.
    manifest: true,
    // index.html keeps preloading the entry's chunks, but the entry carries no list of every lazy route's
    // chunks (0.6 kB gzip on every first load): a server-rendered page preloads its own route's chunks
    // (server-render.tsx); a later route loads its imports after its chunk (docs/decisions/0131).
    // No polyfill of modulepreload (0.6 kB gzip on every first load): the browsers the shop supports have it.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
}));
