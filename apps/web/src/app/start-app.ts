/**
 * The start of the app on a server-rendered page (issue 27, docs/decisions/0203). The page is complete
 * without JavaScript, so its scripts wait until its largest paint is on screen: the page's image marked
 * `fetchpriority="high"` (the home banner, a list's first card, a product's main image) has loaded and a
 * frame has been drawn, or, on a page without one, the first frame. Then this adds the entry script and
 * the route's chunks as modulepreloads, and the app's whole stylesheet. Until then the page's only requests are its document and the
 * images it shows: the scripts (about 110 kB gzip) no longer share the first second's bandwidth with
 * them (Lighthouse's simulation counts every request started before the paint it measures).
 *
 * Written inline in the page by the server renderer (server-render.tsx) as this function's own source,
 * so it must stay self-contained (no imports, no helpers); the server allows exactly that script by its
 * hash in the Content-Security-Policy. A hidden tab (no frames drawn) starts at once.
 */
export function startApp(entry: string, preloads: string[], stylesheet: string) {
  const root = document.documentElement;
  // Browser tests wait for `ready` after a load (e2e/support/test.ts); root-layout.tsx sets it.
  root.dataset.app = 'starting';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The whole stylesheet: the page inlined only the rules its own markup uses (page-styles.ts).
    const styles = document.createElement('link');
    styles.rel = 'stylesheet';
    styles.crossOrigin = '';
    styles.href = stylesheet;
    document.head.append(styles);
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const afterPaint = () => {
    if (document.visibilityState === 'hidden') start();
    else requestAnimationFrame(() => setTimeout(start, 0));
  };
  const whenPainted = () => {
    const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    if (!largest || largest.complete) afterPaint();
    else {
      largest.addEventListener('load', afterPaint);
      largest.addEventListener('error', afterPaint);
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenPainted);
  else whenPainted();
  // Whatever happens to that image, the app starts with the page's load.
  addEventListener('load', afterPaint);
}

/** The inline script that runs `startApp` for a page: the same text for every page, so one hash allows it. */
export const START_APP_SCRIPT = `(${startApp.toString().replace(/^\s+/gm, '')})(document.currentScript.dataset.entry,document.currentScript.dataset.preload.split(' ').filter(Boolean),document.currentScript.dataset.stylesheet)`;
