import { createBrowserRouter, matchRoutes, UNSAFE_ErrorResponseImpl as ErrorResponse, type HydrationState, type RouteObject } from 'react-router';
import { setRevalidator } from '../lib/route-data';
import { DATA_ROUTES_ID, ROUTE_DATA_ID, routes } from './route-table';

/** What a route module gives its route (app/routes/*.tsx export these by name). */
const ROUTE_MODULE_KEYS = ['Component', 'ErrorBoundary', 'loader'] as const;

interface ServerRouteData {
  loaderData: HydrationState['loaderData'];
  errors: Record<string, { status: number; statusText: string; data: unknown }> | null;
}

/** The loaders' answers the server wrote into its page (server-render.tsx), a refusal as the router's own error. */
function serverRouteData(): HydrationState | undefined {
  const element = document.getElementById(ROUTE_DATA_ID);
  if (!element?.textContent) return undefined;
  const { loaderData, errors } = JSON.parse(element.textContent) as ServerRouteData;
  return {
    loaderData,
    errors: errors && Object.fromEntries(Object.entries(errors).map(([id, e]) => [id, new ErrorResponse(e.status, e.statusText, e.data)])),
  };
}

/**
 * The browser's router (docs/decisions/0128). It starts with the matched routes' modules loaded: on a page
 * the server rendered, from the loaders' answers in the page (React Router runs the loaders of a matched
 * route that is still lazy on start, and would ask the API again for what the page carries); on any other
 * page (the cart, the seller area), with nothing to draw before them, so no empty "hydrate fallback" passes.
 */
export async function createShopRouter() {
  const hydrationData = serverRouteData();
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = (await (route.lazy as () => Promise<Partial<RouteObject>>)()) as Record<string, unknown>;
      for (const key of ROUTE_MODULE_KEYS) if (key in loaded) Object.assign(route, { [key]: loaded[key] });
      route.lazy = undefined;
    }),
  );
  // The data routes come in their own chunk and are patched in on the first fetch of one (0239). A page the server
  // rendered starts from its loaders' answers and may fetch none; any other (the cart, the seller area) is about to
  // read through them, so their chunk is asked for now, beside the page's own.
  let data = hydrationData ? undefined : import('./data-routes');
  const router = createBrowserRouter(routes, {
    hydrationData,
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (path.startsWith('/data/')) patch(DATA_ROUTES_ID, (await (data ??= import('./data-routes'))).dataRoutes);
    },
  });
  // A write asks the page's reads again (lib/route-data.ts); so does coming back to the tab.
  setRevalidator(() => router.revalidate());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && router.state.navigation.state === 'idle') void router.revalidate();
  });
  return router;
}
