import type { ToastOptions } from 'react-hot-toast';
import type * as ToasterModule from './toaster';

/**
 * The shop's toasts (spec section 8) without react-hot-toast in the first load (issue 27, decision 0164):
 * the library and its <Toaster> (toaster.tsx, in a root of its own beside the app's) load at the first
 * touch, click or key press, or with the first toast. The calls are react-hot-toast's own; toasts asked for meanwhile are shown in order.
 */
type Kind = 'blank' | 'success' | 'error';

let toaster: Promise<typeof ToasterModule> | undefined;
const loadToaster = () => (toaster ??= import('./toaster'));

// Fetched at the first touch, click or key press: the toast an action brings is ready to show with its answer.
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => void loadToaster(), { once: true, capture: true });
}

function show(kind: Kind, message: string, options?: ToastOptions) {
  // A failed download (a signal drop) is asked again by the next toast: it silenced every later message (a probe).
  loadToaster().then(
    ({ showToast }) => showToast(kind, message, options),
    () => (toaster = undefined),
  );
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
});
