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

// Its own root, outside the app's: the server-rendered markup React hydrates holds no toaster. In the top layer (a
// popover), raised again with each toast while a modal dialog is open: under the seller's Edit and Delete dialogs
// their errors were drawn behind the dialog, unseen (a probe).
const container = document.createElement('div');
container.popover = 'manual';
container.className = 'm-0 size-0 overflow-visible border-0 bg-transparent p-0';
// A live region from before the first toast, so each toast added to it is read out: a toast is its own live region, but
// one inserted with its text already in it is often not announced (a probe).
container.setAttribute('aria-live', 'polite');
document.body.append(container);
container.showPopover();
createRoot(container).render(<ShopToaster />);

/**
 * A toast under a modal dialog is drawn above it (the popover raised again) but stays out of a screen reader's reach:
 * the page behind the dialog is inert. The dialog's own live region (`ModalDialog`) says it instead.
 */
function announceInDialog(message: string) {
  const region = document.querySelector('dialog:modal [data-announcer]');
  if (!region) return;
  region.textContent = '';
  // Emptied first and filled on the next frame: the same message twice in a row is read twice.
  requestAnimationFrame(() => (region.textContent = message));
}

function raiseAboveDialogs() {
  if (!document.querySelector('dialog:modal')) return;
  container.hidePopover();
  container.showPopover();
}

// Errors still on screen: a later success settles what they reported, so it takes them away (decision 0255).
const openErrors = new Set<string>();

/** The errors on screen taken away: a success settled what they reported (a toast of its own, or a login's new page). */
export function settleErrors() {
  for (const id of openErrors) hotToast.remove(id);
  openErrors.clear();
}

/** Loaded by toast.ts with the first toast. */
export function showToast(kind: 'blank' | 'success' | 'error', message: string, options?: ToastOptions) {
  raiseAboveDialogs();
  announceInDialog(message);
  if (kind === 'blank') return void hotToast(message, options);
  if (kind === 'success') {
    settleErrors();
    return void hotToast.success(message, options);
  }
  openErrors.add(hotToast.error(message, options));
}
