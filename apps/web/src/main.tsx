import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createShopRouter } from './app/router';
import { startSession } from './lib/session';
import './index.css';

startSession();

const container = document.getElementById('root')!;

void createShopRouter().then((router) => {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // In a transition: React works in slices between which the browser stays responsive, not one long task.
  if (!container.firstChild) startTransition(() => createRoot(container).render(app));
  // The storefront's pages arrive rendered by the server with their loaders' answers (docs/decisions/0128):
  // React takes over that markup (hydration) instead of drawing it again. The router has the page's route
  // modules (createShopRouter) and found the answers in the page, so it asks for none.
  else startTransition(() => void hydrateRoot(container, app));
});
