// Bundles the server renderer of the storefront's pages (src/app/server-render.tsx, docs/decisions/0128)
// for Node into `<dist>/.ssr/server-render.js`: a dot folder, which the server never serves. Called by
// scripts/build.mjs after Vite's client build, whose manifest and stylesheet the renderer reads at start.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

export async function buildServerRender({ webRoot, dist }) {
  await build({
    root: webRoot,
    logLevel: 'warn',
    // Everything in the bundle (React, React Router, the shared package): it runs from any output folder
    // (`--out`), where no node_modules is above it to resolve them.
    ssr: { noExternal: true },
    // React's production build, whatever NODE_ENV the server runs under: bundled, React and React DOM chose theirs at
    // run time, and `npm start` (no NODE_ENV), the tests and the bench (`test`) rendered every page with the development
    // one (an Error and its stack captured per element, prop checks): about twice the CPU a page (a profile, 0128).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { ssr: 'src/app/server-render.tsx', outDir: path.join(dist, '.ssr'), emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  // Its files are ES modules wherever the folder lies: out of a `"type": "module"` package, Node would take them for
  // CommonJS and tsx (`npm start`) would rewrite them so, with a name helper in `startApp`'s text, which every page
  // runs in the browser, where no such helper exists: no page would start.
  fs.writeFileSync(path.join(dist, '.ssr', 'package.json'), '{ "type": "module" }\n');
}
