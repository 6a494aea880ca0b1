import { useId, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

/**
 * The question the seller area asks before what cannot be undone (decision 0227): a title that names what and how much,
 * what it does, and Yes (named after the act) or Cancel. The operator's new default commission and its payouts ask it.
 */
export function ConfirmDialog({ title, yes, onConfirm, onClose, children }: { title: ReactNode; yes: ReactNode; onConfirm: () => void; onClose: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <ModalDialog onClose={onClose} labelledBy={headingId} className="max-w-md rounded-lg bg-white shadow-xl">
      <div className="p-6 text-sm text-gray-700 md:p-8">
        <h2 id={headingId} className="mb-4 text-lg font-medium break-words text-gray-900">
          {title}
        </h2>
        <p>{children}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" onClick={onConfirm} className="cursor-pointer rounded bg-primary-ink px-5 py-2 font-medium text-white hover:bg-primary-deep">
            {yes}
          </button>
          <button type="button" onClick={onClose} className="cursor-pointer rounded border border-gray-300 bg-white px-5 py-2 text-gray-700">
            Cancel
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
