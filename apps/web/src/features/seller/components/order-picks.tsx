import { PICKABLE_STATUSES, type Order } from '@greencart/shared';
import { lazy, Suspense, useState } from 'react';
import { useSellerCanWrite } from '../../../lib/session';

// Loaded when opened (docs/decisions/0182): the form, its substitute search and the picks' pricing are not in
// the first load of the orders screen.
const RecordPicksForm = lazy(() => import('./record-picks-form').then((m) => ({ default: m.RecordPicksForm })));

/** Whether the seller can still record picks (issue 28): before packing, once a card order is paid, not yet recorded. */
export const canRecordPicks = (order: Order) =>
  order.pickedAt === null && (PICKABLE_STATUSES as readonly string[]).includes(order.status) && (order.paymentType === 'COD' || order.isPaid);

/** The seller's lines of an order: as ordered, or as picked (fewer, none) with the substitute that replaced the rest. */
export function PickedLines({ order }: { order: Order }) {
  const ordered = order.items.filter((item) => item.substituteFor === null);
  return (
    <ul className="flex flex-col gap-1">
      {ordered.map((item) => {
        const substitute = order.items.find((s) => s.substituteFor === item.product._id);
        return (
          <li key={item.product._id} className="font-medium text-gray-800">
            {item.product.name} <span className="text-primary-ink">x {item.quantity}</span>
            {item.picked !== null && item.picked < item.quantity && <span className="text-amber-800"> · picked {item.picked}</span>}
            {item.substitute === 'none' && order.pickedAt === null && <span className="text-xs font-normal text-gray-500"> · don&apos;t replace</span>}
            {substitute && (
              <span className="block pl-3 text-sm font-normal text-amber-800">
                ↳ {substitute.product.name} x {substitute.quantity} (substitute)
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Record picks" (issue 28, docs/decisions/0152): per ordered line the units picked (all, fewer, none) and, where
 * the shopper accepts a replacement, a substitute found by a search of the shop's own products (a few matches,
 * never the whole catalogue). The server prices the order again and refunds a card the difference.
 */
export function RecordPicks({ order }: { order: Order }) {
  const canWrite = useSellerCanWrite();
  const [open, setOpen] = useState(false);
  if (!canRecordPicks(order)) return null;
  if (!open) {
    return (
      <button
        type="button"
        disabled={!canWrite}
        onClick={() => setOpen(true)}
        aria-label={`Record picks of order ${order.orderNumber}`}
        className="h-10 w-max cursor-pointer rounded border border-primary px-3 text-sm text-primary-ink hover:bg-primary/10 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Record picks
      </button>
    );
  }
  return (
    <Suspense>
      <RecordPicksForm order={order} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
