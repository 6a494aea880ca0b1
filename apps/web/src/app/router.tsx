import { createBrowserRouter } from 'react-router';
import { RouteError } from '../components/route-error';
import { RootLayout } from './routes/root-layout';

const placeholder = () => import('./routes/placeholder');

/**
 * The route table of spec section 2. Every screen is its own chunk (route-level code splitting),
 * so the first load of `/` carries only the shell and the home page.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'products', lazy: placeholder },
          { path: 'products/:category', lazy: placeholder },
          { path: 'products/:category/:id', lazy: placeholder },
          { path: 'cart', lazy: () => import('./routes/cart') },
          { path: 'add-address', lazy: () => import('./routes/add-address') },
          { path: 'my-orders', lazy: () => import('./routes/my-orders') },
          { path: 'contact', lazy: placeholder },
          { path: 'loader', lazy: () => import('./routes/loader') },
          {
            path: 'seller',
            lazy: () => import('./routes/seller-layout'),
            children: [
              { index: true, lazy: () => import('./routes/seller-add-product') },
              { path: 'product-list', lazy: () => import('./routes/seller-product-list') },
              { path: 'orders', lazy: () => import('./routes/seller-orders') },
            ],
          },
          { path: '*', element: <RouteError /> , loader: () => { throw new Response('Not Found', { status: 404 }); } },
        ],
      },
    ],
  },
]);
