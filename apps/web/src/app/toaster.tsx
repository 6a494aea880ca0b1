import { Toaster } from 'react-hot-toast';

/** Toast behaviour of spec section 8: success 2 s, error 4 s, blank 4 s, loading until dismissed. */
export const TOAST_LIMIT = 20;

export function ShopToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        success: { duration: 2000 },
        error: { duration: 4000 },
        blank: { duration: 4000 },
        loading: { duration: Infinity },
      }}
    />
  );
}
