import { SEARCH_TEXT_MAX, substituteUnitPriceMinor, toMajor, toMinor, type Order, type OrderPickInput, type Product } from '@greencart/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Price } from '../../../components/price';
import { recordPicks } from '../api/seller-orders';
import { getSellerProducts } from '../api/get-seller-products';

type OrderItem = Order['items'][number];

/** How many matches of the shop's products a substitute search shows (the first page of the seller's own search). */
const SUBSTITUTE_MATCHES = 5;
const SEARCH_DELAY_MS = 250;

interface LinePick {
  picked: number;
  substitute?: Pick<Product, '_id' | 'name' | 'offerPrice'>;
}

/**
 * The open "Record picks" form of an order (order-picks.tsx's RecordPicks). Its picks start as ordered each time it
 * opens: Cancel throws them away (a probe's "None" kept after Cancel was saved at the next open, and cancelled the order).
 */
export function RecordPicksForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const ordered = order.items.filter((item) => item.substituteFor === null);
  const [picks, setPicks] = useState<Record<string, LinePick>>(() => Object.fromEntries(ordered.map((item) => [item.product._id, { picked: item.quantity }])));
  const [busy, setBusy] = useState(false);
  // Picks are recorded once and re-price the order (a card's difference refunded at once): asked before (decision 0227).
  const [asking, setAsking] = useState(false);
  // Opened from "Record picks", the keyboard goes on in the form: its first line's count (a probe found it on the heading).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('select')?.focus(), []);
  // Nothing picked and nothing in its place: saving cancels the order, said before it is saved.
  const nothing = ordered.every((item) => picks[item.product._id]!.picked === 0 && !(picks[item.product._id]!.substitute && item.substitute !== 'none'));
  const change = (productId: string, pick: LinePick) => setPicks((current) => ({ ...current, [productId]: pick }));
  const submit = async () => {
    const input: OrderPickInput = {
      orderId: order._id,
      lines: ordered.map((item) => {
        const pick = picks[item.product._id]!;
        return { product: item.product._id, picked: pick.picked, ...(pick.substitute && pick.picked < item.quantity ? { substituteProduct: pick.substitute._id } : {}) };
      }),
    };
    setBusy(true);
    try {
      toast.success((await recordPicks(input)).message);
      onClose();
    } catch {
      // The API client has shown the server's message; the form stays as it was.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={form}
      aria-label={`Picks of order ${order.orderNumber}`}
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
      className="flex flex-col gap-3 rounded border border-gray-200 bg-gray-50 p-3 md:col-span-4"
    >
      <p className="font-medium text-gray-800">Record what was picked</p>
      {ordered.map((item) => (
        <PickLine key={item.product._id} item={item} shop={order.seller.slug} pick={picks[item.product._id]!} onChange={(pick) => change(item.product._id, pick)} />
      ))}
      {nothing && <p className="text-sm font-medium text-red-700">Nothing picked: saving cancels order {order.orderNumber} and tells the shopper.</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="h-10 cursor-pointer rounded bg-primary-ink px-4 text-sm font-medium text-white hover:bg-primary-deep disabled:opacity-50">
          Save picks
        </button>
        <button type="button" disabled={busy} onClick={() => onClose()} className="h-10 cursor-pointer rounded border border-gray-300 px-3 text-sm text-gray-700">
          Cancel
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={nothing ? `Cancel order ${order.orderNumber}?` : `Save the picks of order ${order.orderNumber}?`}
          yes={nothing ? 'Yes, cancel the order' : 'Yes, save picks'}
          onConfirm={() => {
            setAsking(false);
            void submit();
          }}
          onClose={() => setAsking(false)}
        >
          {nothing ? 'Nothing was picked: the order is cancelled and the shopper told' : 'Picks are saved once and cannot be changed: the order is charged for what was picked and its substitutes, and the shopper told'}
          {order.paymentType === 'Online' && order.isPaid && (nothing ? '; the card is refunded' : '; what it no longer costs is refunded to the card at once')}.
        </ConfirmDialog>
      )}
    </form>
  );
}


function PickLine({ item, shop, pick, onChange }: { item: OrderItem; shop: string; pick: LinePick; onChange: (pick: LinePick) => void }) {
  const name = item.product.name;
  const missing = item.quantity - pick.picked;
  return (
    <fieldset className="flex flex-col gap-2 border-t border-gray-200 pt-2">
      <legend className="sr-only">{name}</legend>
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-800">{name}</span>
        <span className="text-gray-500">picked</span>
        <select
          aria-label={`Picked of ${name}`}
          value={pick.picked}
          onChange={(e) => onChange({ ...pick, picked: Number(e.target.value) })}
          className="h-10 rounded border border-field bg-white px-2"
        >
          {Array.from({ length: item.quantity + 1 }, (_, n) => item.quantity - n).map((n) => (
            <option key={n} value={n}>
              {n === 0 ? 'None' : n}
            </option>
          ))}
        </select>
        <span className="text-gray-500">of {item.quantity}</span>
      </label>
      {missing > 0 &&
        (item.substitute === 'none' ? (
          <p className="text-xs text-gray-500">The shopper asked not to replace this item.</p>
        ) : (
          <SubstituteSearch item={item} shop={shop} missing={missing} chosen={pick.substitute} onChoose={(substitute) => onChange({ ...pick, substitute })} />
        ))}
    </fieldset>
  );
}

/**
 * A search of the order's shop's products for a substitute (`shop`: its slug; the operator's search would
 * otherwise cover every shop): the first few matches in stock, the latest answer only.
 */
function SubstituteSearch({
  item,
  shop,
  missing,
  chosen,
  onChoose,
}: {
  item: OrderItem;
  shop: string;
  missing: number;
  chosen: LinePick['substitute'];
  onChoose: (product: LinePick['substitute']) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<Product[]>([]);
  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      getSellerProducts(text, undefined, { shop })
        .then((page) => {
          if (current) setMatches(page.products.filter((p) => p.inStock && p._id !== item.product._id).slice(0, SUBSTITUTE_MATCHES));
        })
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, item.product._id, shop]);
  const charged = (p: NonNullable<LinePick['substitute']>) => toMajor(substituteUnitPriceMinor(toMinor(p.offerPrice), toMinor(item.product.offerPrice)));
  if (chosen) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Substitute: <span className="font-medium">{chosen.name}</span> x {missing}, charged <Price amount={charged(chosen)} /> each
        </span>
        <button type="button" onClick={() => onChoose(undefined)} className="cursor-pointer py-2.5 text-primary-ink underline">
          Change
        </button>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="text-gray-500">
        Substitute for {item.product.name} (optional)
      </label>
      <input
        id={id}
        type="search"
        maxLength={SEARCH_TEXT_MAX}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          if (e.target.value.trim().length < 2) setMatches([]);
        }}
        placeholder="Search your products"
        className="h-10 max-w-sm rounded border border-field bg-white px-2 outline-none focus:border-primary"
      />
      {matches.length > 0 && (
        <ul aria-label={`Substitutes for ${item.product.name}`} className="flex max-w-sm flex-col rounded border border-gray-200 bg-white">
          {matches.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                onClick={() => onChoose({ _id: product._id, name: product.name, offerPrice: product.offerPrice })}
                className="flex min-h-10 w-full cursor-pointer items-center justify-between gap-3 px-2 text-left hover:bg-primary/10"
              >
                <span>{product.name}</span>
                <Price amount={charged(product)} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
