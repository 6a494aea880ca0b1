import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ShopToaster } from './app/toaster';
import { router } from './app/router';
import { ShopProvider } from './stores/shop-store';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShopProvider>
      <RouterProvider router={router} />
      <ShopToaster />
    </ShopProvider>
  </StrictMode>,
);
