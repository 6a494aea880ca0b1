import type { ToastOptions } from 'react-hot-toast';

/**
 * The shop's toasts (spec section 8) without react-hot-toast in the first load (issue 27, decision 0164):
 * the library and its <Toaster> (toaster.tsx, in a root of its own beside the app's) load at the first
 * touch, click or key press, or with the first toast. The calls are react-hot-toast's own; toasts asked for meanwhile are shown in order.
 */
type Kind = 'blank' | 'success' | 'error';

const loadToaster = () => import('./toaster');
let toaster: ReturnType<typeof loadToaster> | undefined;

// Fetched at the first touch, click or key press: the toast an action brings is ready to show with its answer.
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => void (toaster ??= loadToaster()), { once: true, capture: true, passive: true });
}

function show(kind: Kind, message: string, options?: ToastOptions) {
  toaster ??= loadToaster();
  void toaster.then(({ showToast }) => showToast(kind, message, options));
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
});
