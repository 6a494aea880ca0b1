// Writes home.html into a build: its index.html with `/` prerendered inside <div id="root"> (docs/decisions/0082).
// Called by scripts/build.mjs after Vite's client build. The server answers it for GET / only.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** Prerenders `/` into `dist/home.html`; `dist` is the client build just made by Vite (with its manifest). */
export async function prerenderHome({ webRoot, dist }) {
  // The same components and route table, bundled for Node (React and React Router stay external, so the
  // bundle sits under node_modules to find them). One folder per build: two builds at once must not
  // empty or delete each other's bundle (issue 25: ERR_MODULE_NOT_FOUND when two instances started).
  const ssrOut = path.join(webRoot, 'node_modules', `.prerender-${process.pid}`);
  try {
    await build({
      root: webRoot,
      logLevel: 'warn',
      build: { ssr: 'src/app/prerender-home.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, manifest: false },
    });
    const { renderHomeShell } = await import(pathToFileURL(path.join(ssrOut, 'prerender-home.js')).href);
    const rendered = await renderHomeShell();
    fs.writeFileSync(path.join(dist, 'home.html'), homePage(dist, rendered));
  } finally {
    fs.rmSync(ssrOut, { recursive: true, force: true });
  }
}

function homePage(dist, rendered) {
  // React leaves the page's <title> at the start of a partial render; it belongs in the head.
  const title = /^<title>.*?<\/title>/.exec(rendered)?.[0];
  const body = title ? rendered.slice(title.length) : rendered;
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  // The stylesheet goes inline: the shell can paint as soon as the page has arrived, without a second
  // round trip for a render-blocking file (8 kB gzip; other pages still load the cached file).
  const stylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/.exec(indexHtml);
  if (!stylesheet) throw new Error('index.html links no stylesheet');
  const css = fs.readFileSync(path.join(dist, stylesheet[1]), 'utf8');
  console.log(`prerendered / into home.html (${(Buffer.byteLength(body) / 1024).toFixed(1)} kB of markup)`);
  return (
    indexHtml
      .replace(/<title>.*?<\/title>/, (own) => title ?? own)
      .replace(stylesheet[0], () => `<style>${css}</style>`)
      // The banner first: the browser asks for it before the scripts, which it needs only after the paint.
      .replace(/<script type="module"/, (script) => `${bannerPreloads(body).join('\n    ')}\n    ${script}`)
      .replace('</head>', () => `  ${homeChunkPreloads(dist, indexHtml).join('\n    ')}\n  </head>`)
      // Functions as replacements throughout: a `$` in the markup is text, not a replacement pattern.
      .replace(root, () => `<div id="root">${body}</div>`)
  );
}

/**
 * The largest paint's image, preloaded with exactly the sources and sizes of its <picture> (each
 * <source> for its media, the <img> for the rest), so the preload is the very file the <img> then takes.
 */
function bannerPreloads(markup) {
  const picture = /<picture>(.*?)<\/picture>/s.exec(markup.match(/<picture>.*?<\/picture>/gs)?.find((p) => /<img [^>]*fetchpriority="high"/i.test(p)) ?? '');
  if (!picture) throw new Error('prerendered / has no <picture> with a fetchpriority="high" <img> (the main banner)');
  const sources = [...picture[1].matchAll(/<source ([^>]*?)\/?>/g)].map((m) => attributes(m[1]));
  const img = attributes(/<img ([^>]*?)\/?>/.exec(picture[1])[1]);
  // One <source> is what the banner has; several would need each media minus the earlier ones.
  if (sources.length > 1) throw new Error('the banner <picture> has more than one <source>: extend bannerPreloads');
  const preload = (a, media) => `<link rel="preload" as="image" imagesrcset="${a.srcset}" imagesizes="${a.sizes}" media="${media}" fetchpriority="high">`;
  return [...sources.map((source) => preload(source, source.media)), preload(img, sources.length ? `not all and ${sources[0].media}` : 'all')];
}

/** The home route's chunks, which the browser would otherwise find only after the shell's script has run. */
function homeChunkPreloads(dist, indexHtml) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const seen = new Set(indexHtml.match(/\/assets\/[^"]+\.js/g));
  const links = [];
  const add = (key) => {
    const chunk = manifest[key];
    const href = `/${chunk.file}`;
    if (seen.has(href)) return;
    seen.add(href);
    links.push(`<link rel="modulepreload" crossorigin href="${href}">`);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add('src/app/routes/home.tsx');
  return links;
}

function attributes(text) {
  // React writes some names in camel case (srcSet, fetchPriority); HTML's are case-insensitive.
  return Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
}
