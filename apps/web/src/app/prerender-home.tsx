import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './route-table';
import { ShopToaster } from './toaster';

/**
 * `/` as a first-time visitor sees it before any answer from the server: the real route table and
 * components, not signed in, an empty cart and an empty query cache (so the Best Sellers show their
 * skeletons). Run only by the build (scripts/prerender-home.mjs), never in the browser bundle. The
 * tree is main.tsx's, so the browser hydrates this markup (docs/decisions/0082).
 */
export async function renderHomeShell(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerender of / answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <ShopToaster />
    </StrictMode>,
  );
}
