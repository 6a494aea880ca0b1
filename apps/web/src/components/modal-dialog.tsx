import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The shop's one modal dialog: the browser's own (`showModal`), so focus moves into it and stays there, the page
 * behind is inert (keyboard, pointer and assistive technology), and it sits above the chat button. Escape and a
 * click on the backdrop call `onClose`; focus goes back to what opened it. Its content fills it: a click that lands
 * on the dialog itself is one on the backdrop.
 */
export function ModalDialog({ onClose, labelledBy, className, children }: { onClose: () => void; labelledBy: string; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement;
    dialog.showModal();
    return () => {
      dialog.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className={`m-auto w-[calc(100%-2rem)] backdrop:bg-black/50 ${className}`}
    >
      {children}
      {/* The toasts' live region while the dialog is open: the page behind it is inert (lib/toaster.tsx). */}
      <p aria-live="polite" className="sr-only" data-announcer />
    </dialog>
  );
}
