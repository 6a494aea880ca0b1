import { createRoot } from 'react-dom/client';
import hotToast, { Toaster, type ToastOptions } from 'react-hot-toast';

/** Toast behaviour of spec section 8: success 2 s, error 4 s, blank 4 s, loading until dismissed. */
function ShopToaster() {
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

// Its own root, outside the app's: the server-rendered markup React hydrates holds no toaster.
const container = document.createElement('div');
document.body.append(container);
createRoot(container).render(<ShopToaster />);

// Errors still on screen: a later success settles what they reported, so it takes them away (decision 0255).
const openErrors = new Set<string>();

/** The errors on screen taken away: a success settled what they reported (a toast of its own, or a login's new page). */
export function settleErrors() {
  for (const id of openErrors) hotToast.remove(id);
  openErrors.clear();
}

/** Loaded by toast.ts with the first toast. */
export function showToast(kind: 'blank' | 'success' | 'error', message: string, options?: ToastOptions) {
  if (kind === 'blank') return void hotToast(message, options);
  if (kind === 'success') {
    settleErrors();
    return void hotToast.success(message, options);
  }
  openErrors.add(hotToast.error(message, options));
}
