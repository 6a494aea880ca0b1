import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ShopToaster } from './app/toaster';
import { router } from './app/router';
import { startSession } from './lib/session';
import './index.css';

startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ShopToaster />
  </StrictMode>,
);
