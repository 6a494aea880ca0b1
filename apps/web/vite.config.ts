import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * React Router publishes a production build beside its development one but its package exports only the
 * latter (dev warnings and their messages: about 1 kB gzip on every first load, docs/decisions/0182). A
 * production build takes the production one; `vite` (dev) keeps the warnings.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
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
