import type { SellerStatus } from '@greencart/shared';

const STYLE: Record<SellerStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-green-300 bg-green-50 text-green-900',
  suspended: 'border-red-300 bg-red-50 text-red-800',
};

export const STATUS_LABEL: Record<SellerStatus, string> = { pending: 'Pending', approved: 'Approved', suspended: 'Suspended' };

/**
 * A shop's standing as text in a coloured pill (the word carries the meaning, the colour only helps); a suspended
 * application is "Declined" (decision 0252).
 */
export function SellerStatusBadge({ status, declined }: { status: SellerStatus; declined?: boolean }) {
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${STYLE[status]}`}>{declined ? 'Declined' : STATUS_LABEL[status]}</span>;
}
