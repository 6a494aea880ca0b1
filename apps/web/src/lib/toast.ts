import type { ToastOptions } from 'react-hot-toast';

/**
 * The shop's toasts (spec section 8) without react-hot-toast in the first load (issue 27, decision 0164):
 * the library and its <Toaster> (toaster.tsx, in a root of its own beside the app's) load with the
 * first toast shown. The calls are react-hot-toast's own; toasts asked for meanwhile are shown in order.
 */
type Kind = 'blank' | 'success' | 'error';

const loadToaster = () => import('./toaster');
let toaster: ReturnType<typeof loadToaster> | undefined;

function show(kind: Kind, message: string, options?: ToastOptions) {
  toaster ??= loadToaster();
  void toaster.then(({ showToast }) => showToast(kind, message, options));
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
});
