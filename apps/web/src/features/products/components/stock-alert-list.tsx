import { productPath } from '@greencart/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CouldNotLoad } from '../../../components/could-not-load';
import { toast } from '../../../lib/toast';
import { setStockAlert, useStockAlerts } from '../api/stock-alert';

/**
 * The shopper's back-in-stock alerts (decision 0290), newest first: each product, whether it is still out of stock, and
 * Stop. Loaded when My Orders' disclosure opens.
 */
export function StockAlertList() {
  const alerts = useStockAlerts();
  const [stopping, setStopping] = useState<string>();
  if (alerts.status === 'error') return <CouldNotLoad what="alerts" onRetry={alerts.retry} busy={alerts.fetching} />;
  if (!alerts.data) return <p className="mt-4 text-gray-500">Loading…</p>;
  if (alerts.data.alerts.length === 0) {
    return <p className="mt-4">No alerts. On the page of a product out of stock, “Notify me when it is back” e-mails you once when its shop puts it back.</p>;
  }
  const stop = async (productId: string) => {
    setStopping(productId);
    try {
      toast.success((await setStockAlert(productId, false)).message);
    } catch {
      // Told by the API client's toast.
    } finally {
      setStopping(undefined);
    }
  };
  return (
    <ul className="mt-4 max-w-2xl divide-y divide-gray-200 border-y border-gray-200">
      {alerts.data.alerts.map(({ productId, name, askedAt, product }) => (
        <li key={productId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <div className="min-w-0">
            {product ? (
              <Link to={productPath(product.category, productId)} className="font-medium wrap-anywhere text-gray-800 hover:underline">
                {name}
              </Link>
            ) : (
              <span className="font-medium wrap-anywhere text-gray-800">{name}</span>
            )}
            <p className="text-xs">
              {product ? `${product.seller.shopName} · ${product.inStock ? 'Back in stock: the e-mail is on its way' : 'Still out of stock'}` : 'No longer sold'}
              {` · asked ${new Date(askedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}`}
            </p>
          </div>
          <button
            type="button"
            onClick={() => stopping === undefined && void stop(productId)}
            aria-disabled={stopping !== undefined || undefined}
            aria-label={`Stop the alert for ${name}`}
            className="h-10 cursor-pointer rounded border border-gray-300 px-3 text-primary-ink hover:bg-primary/10 aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            Stop
          </button>
        </li>
      ))}
    </ul>
  );
}
