import { useRouteError } from 'react-router';
// In the entry (this is the root's error element), `paths` is no chunk of its own that every route loads besides: one
// file fewer, about 0.13 kB gzip less, on each first load.
import { paths } from '../config/paths';

/**
 * Rendering errors land here instead of a white page (CONVENTIONS: route error boundaries).
 * Unknown paths have their own route (routes/not-found.tsx).
 */
export function RouteError() {
  const error = useRouteError();
  // In the browser, for whoever looks at its console; the server logs a page's failure itself, one line (a stack per
  // page on stderr, outside the log, while the database was away: storefront-pages.ts).
  if (typeof document !== 'undefined') console.error(error);
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-gray-600">Please try again.</p>
      {/* A page loaded afresh: a part of the app whose download failed (a signal drop) is fetched again, not the failure
          kept; Try again loads this page so (a probe's product page stayed on this screen after the server came back). */}
      <button type="button" onClick={() => location.reload()} className="cursor-pointer rounded-full bg-primary-ink px-6 py-2 text-white hover:bg-primary-deep">
        Try again
      </button>
      <a href={paths.home} className="py-2 text-primary-ink underline">
        Back to Home
      </a>
    </main>
  );
}
