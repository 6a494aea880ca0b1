import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ShopToaster } from './app/toaster';
import { router } from './app/router';
import { startSession } from './lib/session';
import './index.css';

startSession();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <ShopToaster />
  </StrictMode>
);

// In a transition: React works in slices between which the browser stays responsive, not one long task.
if (!container.firstChild) startTransition(() => createRoot(container).render(app));
else {
  // The storefront's pages arrive rendered by the server with their loaders' answers (docs/decisions/0128):
  // React takes over that markup (hydration) instead of drawing it again, once the router has the route's
  // chunk (before, the page would not match). The router found the answers in the page and asks for none.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  if (router.state.initialized) hydrate();
  else {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        hydrate();
      }
    });
  }
}
