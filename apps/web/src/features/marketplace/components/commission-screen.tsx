import { numberFromText, numberTextFault, type ShopBalance } from '@greencart/shared';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { loadFormSchemas } from '../../../lib/use-form';
import { setCommission, useShopBalances, useShopsOnDefault } from '../api/payouts';
import { DecimalField } from './decimal-field';
import { LoadFailed, LoadMore, shownCount } from '../../../components/load-more';
import { ShopSearchField, useShopSearch } from './shop-search';
import { useAddressParams } from '../../../lib/address-params';

/**
 * /seller/commission (issue 26, the operator only): the default percentage every shop pays on its
 * delivered sales, and a shop's own rate where it differs ('Use default' drops it). The rates apply to
 * orders delivered from then on; entries already in a ledger are never changed. A shop is found by name or e-mail
 * (decision 0215).
 */
export function CommissionScreen() {
  const search = useShopSearch(useAddressParams());
  const { data, status, retry, hasMore, loadMore, fetching } = useShopBalances({ q: search.q });
  const shops = data?.pages.flatMap((page) => page.shops);
  const defaultPercent = data?.pages[0]?.defaultPercent;
  return (
    <main className="flex flex-col gap-6 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Commission</h1>
      {status === 'error' && <LoadFailed what="the commission rates" onRetry={retry} />}
      {defaultPercent !== undefined && (
        <section aria-labelledby="default-commission-heading" className="flex max-w-4xl flex-col gap-2 rounded-md border border-gray-300 p-4">
          <h2 id="default-commission-heading" className="font-medium">
            Default commission
          </h2>
          <p className="text-sm text-gray-600">
            Every shop without a rate of its own pays this share of each delivered order. A rate applies to orders delivered from when it is set, and
            each shop whose rate changes is e-mailed its new rate.
          </p>
          {/* A new default reaches about every shop at once, each mailed: asked first (0227, 0249 amended). */}
          <PercentForm key={defaultPercent} label="Default commission (%)" current={defaultPercent} onSave={(percent) => setCommission({ percent })} confirmChange />
        </section>
      )}
      {shops && (
        <section aria-labelledby="shop-commission-heading" className="flex max-w-4xl flex-col gap-3">
          <h2 id="shop-commission-heading" className="font-medium">
            Rates per shop
          </h2>
          <ShopSearchField search={search} />
          {shops.length === 0 ? (
            <p className="text-sm text-gray-600">{search.q ? `No shops match “${search.q}”.` : 'No shops yet.'}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {shops.map((shop) => (
                <ShopRate key={shop.seller.id} shop={shop} />
              ))}
            </ol>
          )}
        </section>
      )}
      <LoadMore hasMore={hasMore} onClick={loadMore} fetching={fetching} shown={shownCount(shops, 'shop', 'shops')} />
    </main>
  );
}

function ShopRate({ shop }: { shop: ShopBalance }) {
  const own = shop.overridePercent !== null;
  if (shop.ownShop)
    return (
      <li aria-label={shop.seller.shopName} className="rounded-md border border-gray-300 p-4 text-sm text-gray-700">
        <span className="font-medium text-gray-800">{shop.seller.shopName}</span> is the marketplace’s own shop: it pays no commission
      </li>
    );
  return (
    <li aria-label={shop.seller.shopName} className="flex flex-col gap-2 rounded-md border border-gray-300 p-4 text-sm text-gray-700">
      <p>
        <span className="font-medium text-gray-800">{shop.seller.shopName}</span> pays {shop.commissionPercent}%{own ? ' (its own rate)' : ' (the default)'}
      </p>
      <PercentForm
        key={`${shop.overridePercent}`}
        label="Own rate (%)"
        of={shop.seller.shopName}
        current={shop.overridePercent}
        onSave={(percent) => setCommission({ percent, sellerId: shop.seller.id })}
        onUseDefault={own ? () => setCommission({ percent: null, sellerId: shop.seller.id }) : undefined}
      />
    </li>
  );
}

/** A percentage field checked by the shared schema (0-100, 2 decimals) before it is sent. */
function PercentForm({
  label,
  of,
  current,
  onSave,
  onUseDefault,
  confirmChange = false,
}: {
  label: string;
  /** The shop it is the rate of, named to a screen reader: a thousand fields and buttons were all "Own rate (%)", "Save" (a probe). */
  of?: string;
  current: number | null;
  onSave: (percent: number) => Promise<{ message: string }>;
  onUseDefault?: () => Promise<{ message: string }>;
  /** The default's form: a changed percentage is saved only once the operator confirms it (DefaultChange). */
  confirmChange?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(current === null ? '' : String(current));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<number>();
  const send = async (call: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      toast.success((await call()).message);
    } catch {
      // The API client has toasted the server's message.
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { CommissionPercentSchema } = await loadFormSchemas();
    const parsed = CommissionPercentSchema.safeParse(text.trim() === '' ? undefined : numberFromText(text));
    if (!parsed.success) {
      // "12,5" is a badly written number, not a rate out of range (a comma was dropped and 125 refused as above 100 %).
      flushSync(() => setError(text.trim() === '' ? 'Enter a percentage' : (numberTextFault(text) ?? parsed.error.issues[0]?.message ?? 'Enter a percentage')));
      // The field to mend takes the focus, drawn with its message as description, so it is said (Save kept it, and a
      // screen reader heard nothing: a probe), as the forms of useForm do.
      document.getElementById(id)?.focus();
      return;
    }
    setError('');
    if (confirmChange && parsed.data !== current) setAsking(parsed.data);
    else void send(() => onSave(parsed.data));
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-end gap-3 text-sm">
      <DecimalField id={id} label={of ? <>{label}<span className="sr-only"> of {of}</span></> : label} value={text} onChange={(value) => (setText(value), setError(''))} error={error} />
      <button type="submit" disabled={busy} className="h-10 cursor-pointer rounded bg-primary-ink px-4 font-medium text-white hover:bg-primary-deep disabled:opacity-60">
        Save{of && <span className="sr-only"> the rate of {of}</span>}
      </button>
      {onUseDefault && (
        <button type="button" disabled={busy} onClick={() => void send(onUseDefault)} className="h-10 cursor-pointer rounded border border-gray-300 px-4 text-gray-700 hover:bg-gray-50">
          Use default{of && <span className="sr-only"> for {of}</span>}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="w-full text-sm text-red-600">
          {error}
        </p>
      )}
      {asking !== undefined && (
        <DefaultChange
          percent={asking}
          onClose={() => setAsking(undefined)}
          onConfirm={() => {
            setAsking(undefined);
            void send(() => onSave(asking));
          }}
        />
      )}
    </form>
  );
}

/**
 * "Set the default commission to 7.5 %?": a new default applies at once to the orders every shop without a rate of
 * its own delivers, and mails each of them (a probe's typo, corrected 5 s later, sent 2,000 mails and was charged
 * meanwhile). How many shops is asked for as the question opens; until then, or if it cannot be read, it says "every".
 */
function DefaultChange({ percent, onConfirm, onClose }: { percent: number; onConfirm: () => void; onClose: () => void }) {
  const shops = useShopsOnDefault();
  const reached =
    shops === undefined ? 'every shop without a rate of its own' : shops === 1 ? '1 shop without a rate of its own' : `${shops.toLocaleString('en-IN')} shops without a rate of their own`;
  return (
    <ConfirmDialog title={`Set the default commission to ${percent}%?`} yes={`Yes, set ${percent}%`} onConfirm={onConfirm} onClose={onClose}>
      It applies to orders delivered from now on, for {reached}, and each is e-mailed its new rate. Orders already delivered keep the commission they were
      charged.
    </ConfirmDialog>
  );
}
