import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { unwrapPreloadCalls } from './scripts/preload-calls';

// The project's .env, as the API reads it (a variable already set wins): its PORT is the API's (a newcomer's PORT there
// left this proxy on 3000, every /api call a 502).
const rootEnv = fileURLToPath(new URL('../../.env', import.meta.url));
if (existsSync(rootEnv)) process.loadEnvFile(rootEnv);

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
 * one stylesheet, which every page links: the helper would only call its function, so each call `helper(() => X)`
 * becomes `X` and the helper's chunk goes (docs/decisions/0239: about 0.15 kB more on every first load than a helper
 * reduced to that call). Vite still names that stylesheet as a lazy chunk's dependency (`__vite__mapDeps`, about
 * 0.1 kB gzip in each chunk that imports one): the list is taken out after Vite wrote it. A dependency the page does
 * not link (a chunk's own script or stylesheet) stops the build: a bare `import()` would skip it.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

const DEPS_LIST = /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;

function bareDynamicImports(): Plugin {
  return {
    name: 'greencart:bare-dynamic-imports',
    apply: 'build',
    // After Vite's own post hooks: the preload lists are written there.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const page = bundle['index.html'];
        const linked = page?.type === 'asset' ? String(page.source) : '';
        for (const chunk of chunks) {
          const list = DEPS_LIST.exec(chunk.code);
          const unlinked = list && (JSON.parse(list[1]!) as string[]).find((dep) => !dep.endsWith('.css') || !linked.includes(`/${dep}"`));
          if (list && !unlinked) chunk.code = chunk.code.slice(list[0].length).replaceAll(/,__vite__mapDeps\(\[[\d,]*\]\)/g, '');
          if (chunk.code.includes('__vite__mapDeps')) this.error(`${chunk.fileName} preloads ${unlinked ?? 'a dependency'} for a dynamic import: the bare preload helper would skip it`);
        }
        const helper = chunks.find((chunk) => chunk.moduleIds.includes(PRELOAD_HELPER));
        // The server renderer's build has none.
        if (!helper) return;
        if (helper.moduleIds.length !== 1 || helper.exports.length !== 1) return this.warn('the preload helper is not a chunk of its own: left as Vite wrote it');
        for (const chunk of chunks) {
          if (!chunk.imports.includes(helper.fileName)) continue;
          chunk.code = unwrapPreloadCalls(chunk.code, helper.fileName);
          chunk.imports = chunk.imports.filter((file) => file !== helper.fileName);
        }
        delete bundle[helper.fileName];
        // The page and the manifest (the server renderer's and first-load.mjs's) were written naming it: no longer.
        if (page?.type === 'asset') page.source = String(page.source).replace(new RegExp(`<link rel="modulepreload"[^>]*href="/${helper.fileName}">\\n?\\s*`), '');
        const manifest = bundle['.vite/manifest.json'];
        if (manifest?.type === 'asset') {
          const entries = JSON.parse(String(manifest.source)) as Record<string, { file: string; imports?: string[] }>;
          const key = Object.keys(entries).find((name) => entries[name]!.file === helper.fileName);
          if (key) delete entries[key];
          for (const entry of Object.values(entries)) if (entry.imports) entry.imports = entry.imports.filter((name) => name !== key);
          manifest.source = JSON.stringify(entries, null, 2);
        }
      },
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
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
    // Seven characters of content hash, not eight: the entry names every route's chunk and each chunk its imports, and a
    // hash does not compress (about 70 B gzip on every first load). Seven is the fewest the bundler takes for this many
    // files (65); it says when more files need eight. The server renderer's build keeps its own names (server-render.js).
    rollupOptions: isSsrBuild ? {} : { output: { entryFileNames: 'assets/[name]-[hash:7].js', chunkFileNames: 'assets/[name]-[hash:7].js', assetFileNames: 'assets/[name]-[hash:7][extname]' } },
  },
}));
