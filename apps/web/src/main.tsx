import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ShopToaster } from './app/toaster';
import { router } from './app/router';
import { startSession } from './lib/session';
import './index.css';

startSession();

const container = document.getElementById('root')!;
// A transition: React draws the page in slices between which the browser stays responsive, instead
// of one long task (the page, or its prerendered shell, is already on screen meanwhile).
const render = () =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
        <ShopToaster />
      </StrictMode>,
    ),
  );

// `/` arrives prerendered (docs/decisions/0082). React replaces the container's content on its first
// render, so that render waits for the home route's chunk: otherwise the shell would give way to a page
// without its content for a moment.
if (!container.firstChild || router.state.initialized) render();
else {
  const stop = router.subscribe((state) => {
    if (state.initialized) {
      stop();
      render();
    }
  });
}
