import { CATEGORY_PATHS, findCategory, MODERATION_REASON_MAX, numberFromText, SEARCH_TEXT_MAX, type Product } from '@greencart/shared';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { ModalDialog } from '../../../components/modal-dialog';
import { Price } from '../../../components/price';
import { keepClear } from '../../../lib/keep-clear';
import { useAddressParams } from '../../../lib/address-params';
import { useSellerCanWrite, useSession } from '../../../lib/session';
import { deleteProduct } from '../api/delete-product';
import { useSellerProducts } from '../api/get-seller-products';
import { setStock } from '../api/set-stock';
import { LowStockList } from './low-stock-list';

// Loaded on the first Edit (docs/decisions/0182): the form is not in the list's first load.
const ProductForm = lazy(() => import('./product-form').then((m) => ({ default: m.ProductForm })));

/**
 * /seller/product-list (spec sections 2, 4; issue 16): the low-stock list, then every product, newest
 * first, a page at a time with 'Load more', a search box, and per product its stock count, an In Stock
 * toggle, Edit (the add form, prefilled, in an overlay) and Delete (after a confirmation). Each write
 * shows the new state in place; a refusal is toasted by the client.
 */
export function SellerProductList() {
  // The search and the operator's own-shop filter are in the address: a reload, Back from an edit or a shared link keeps them.
  const [params, change] = useAddressParams();
  // The box shows what was typed at once; the address follows (typed fast, letters arriving between two address
  // changes were lost when the box showed the address: a probe's "Probe Kbd" became "Prbd").
  const [search, setText] = useState(() => params.get('q') ?? '');
  const setSearch = (q: string) => {
    setText(q);
    change({ q });
  };
  const query = useDeferredValue(search.trim());
  const isOperator = useSession((s) => s.seller?.role === 'operator');
  const own = useSession((s) => s.seller);
  // The operator's list holds every shop's products, newest first: its own are found by this (a probe never reached them).
  // Shown at once, as the box is; the address follows (the box stayed unticked until the router's navigation ended, and a
  // click while it ran seemed lost).
  const [onlyOwn, setOnlyOwn] = useState(() => params.has('mine'));
  // Or another shop's, from its card on Sellers (`?seller=<its address>`), as its orders are: moderating one shop's
  // products meant searching every shop's by name (a probe).
  const shop = isOperator ? (onlyOwn ? own?.slug : params.get('seller') || undefined) : undefined;
  // Only what is out of stock, to put back (a shop of thousands of products found them by paging; decision 0286).
  const [onlyOut, setOnlyOut] = useState(() => params.has('out'));
  // One category's (decision 0289): a shop of hundreds of products checks its dairy or its bread at once. Shown at once too.
  // An address typed by hand (`?category=dairy`, or no category at all) shows as the select can: Dairy, or All categories.
  const [category, setCategory] = useState(() => findCategory(params.get('category') ?? '')?.path ?? '');
  const { data, status, error, retry, hasMore, loadMore, fetching } = useSellerProducts(query, { shop, out: onlyOut, category: category || undefined });
  const inCategory = category && `in ${category} `;
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const [saving, setSaving] = useState<string>();
  const [editing, setEditing] = useState<Product>();
  // Whether the open Edit form holds changes not saved; `discarding`: its close (×, Escape, the backdrop) is being asked about.
  const [editChanged, setEditChanged] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const stopEditing = () => {
    setEditing(undefined);
    setEditChanged(false);
    setDiscarding(false);
  };
  const [deleting, setDeleting] = useState<Product>();
  const canWrite = useSellerCanWrite();
  // The operator lists every shop's products but changes only its own (another shop's answer 404): it may delete them (moderation).
  const othersShop = (product: Product) => product.seller.id !== own?.id;

  /** True when saved; a refusal's message has been toasted by the API client. The same function each render (rows are memoized). */
  const save = useCallback(async (id: string, change: StockChange): Promise<boolean> => {
    setSaving(id);
    try {
      const { message } = await setStock(id, change);
      // The switch shows its own new state; a typed count is confirmed, and so is a product leaving "Only out of stock".
      if ('stock' in change || onlyOut) toast.success(message);
      return true;
    } catch {
      return false;
    } finally {
      setSaving(undefined);
    }
  }, [onlyOut]);

  return (
    // Bottom room so the chat button never covers the last toggle.
    <main className="px-4 pt-8 pb-24 md:px-10">
      <div className="flex max-w-4xl flex-wrap items-baseline justify-between gap-x-4 pb-4">
        <h1 className="text-lg font-medium">All Products</h1>
        <Link to={shop ? `?deleted&seller=${encodeURIComponent(shop)}` : '?deleted'} className="py-2.5 text-sm font-medium text-primary-ink underline">
          Deleted products
        </Link>
      </div>
      {/* Under the page's heading, where a page opened puts the keyboard: above it, Tab never reached it (a probe). */}
      <LowStockList onFind={setSearch} />
      <div role="search" className="mb-4 max-w-4xl">
        <label htmlFor="seller-product-search" className="sr-only">
          Search your products
        </label>
        <input
          id="seller-product-search"
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search your products"
          className="h-10 w-full max-w-sm rounded border border-field px-3 outline-none focus:border-primary"
        />
        {isOperator && shop && !onlyOwn && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
            Products of {products[0]?.seller.shopName ?? `the shop at /shop/${shop}`}
            <button type="button" onClick={() => change({ seller: '' })} className="cursor-pointer py-2.5 text-primary-ink underline">
              All shops
            </button>
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-x-6 text-sm text-gray-700">
          {isOperator && (
            <label className="flex h-10 cursor-pointer items-center gap-2">
              <input type="checkbox" checked={onlyOwn} onChange={(e) => (setOnlyOwn(e.target.checked), change({ mine: e.target.checked ? '1' : undefined }))} className="size-4" />
              Only {own?.shopName}&apos;s products
            </label>
          )}
          <label className="flex h-10 cursor-pointer items-center gap-2">
            <input type="checkbox" checked={onlyOut} onChange={(e) => (setOnlyOut(e.target.checked), change({ out: e.target.checked ? '1' : undefined }))} className="size-4" />
            Only out of stock
          </label>
          <select
            aria-label="Category"
            value={category}
            onChange={(e) => (setCategory(e.target.value), change({ category: e.target.value || undefined }))}
            className="h-10 rounded border border-field bg-white px-2 outline-none focus:border-primary"
          >
            <option value="">All categories</option>
            {CATEGORY_PATHS.map((path) => (
              <option key={path}>{path}</option>
            ))}
          </select>
        </div>
        {/* Kept in place and live: a screen reader hears how many a search, the filter or Load more shows (it heard nothing). */}
        <p role="status" className="sr-only">
          {data && `${products.length || 'No'} product${products.length === 1 ? '' : 's'} shown`}
        </p>
      </div>
      {status === 'error' ? (
        <p role="alert" className="max-w-4xl rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          Could not load the products{error instanceof Error ? `: ${error.message}` : '.'}{' '}
          <button type="button" onClick={retry} className="cursor-pointer font-medium underline">
            Try again
          </button>
        </p>
      ) : !data ? (
        <p role="status" className="text-gray-500">
          Loading products…
        </p>
      ) : products.length === 0 ? (
        <p className="text-gray-600 wrap-anywhere">
          {query ? (
            `No products ${onlyOut ? 'out of stock ' : ''}${inCategory}match “${query}”.`
          ) : onlyOut ? (
            `Nothing ${inCategory}is out of stock.`
          ) : category ? (
            `No products in ${category}.`
          ) : (
            // A new shop's first step, from its empty list.
            <>
              No products yet: <Link to={paths.seller} className="font-medium text-primary-ink underline">add one</Link> or{' '}
              <Link to={paths.sellerImport} className="font-medium text-primary-ink underline">import a CSV</Link>.
            </>
          )}
        </p>
      ) : (
        <div className="max-w-4xl overflow-hidden rounded-md border border-gray-300 bg-white">
          <table className="w-full table-fixed text-left">
            <thead className="text-sm text-gray-900">
              <tr>
                <th className="px-3 py-3 font-semibold md:px-4">Product</th>
                <th className="hidden px-4 py-3 font-semibold md:table-cell md:w-36">Category</th>
                <th className="hidden px-4 py-3 font-semibold md:table-cell md:w-32">Selling Price</th>
                <th className="w-16 px-1 py-3 font-semibold md:w-28 md:px-4">Stock</th>
                <th className="w-16 px-1 py-3 font-semibold md:w-28 md:px-4">In Stock</th>
              </tr>
            </thead>
            <tbody className="text-sm text-gray-600">
              {products.map((product) => (
                <ProductRow
                  key={product._id}
                  product={product}
                  isOperator={isOperator}
                  canWrite={canWrite}
                  othersShop={othersShop(product)}
                  busy={saving === product._id}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  onSave={save}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <button type="button" onClick={loadMore} aria-busy={fetching} className="mt-6 h-10 rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
          {fetching ? 'Loading…' : 'Load more'}
        </button>
      )}
      {editing && (
        // Closed with changes not saved, it asks first: a stray tap on the backdrop (16 px of it on a phone) or Escape
        // threw the seller's edits away unasked (a probe).
        <Overlay title="Edit product" onClose={() => (editChanged ? setDiscarding(true) : stopEditing())}>
          {discarding && <DiscardPrompt onKeep={() => setDiscarding(false)} onDiscard={stopEditing} />}
          <Suspense>
            <ProductForm product={editing} onSaved={stopEditing} onChanged={setEditChanged} />
          </Suspense>
        </Overlay>
      )}
      {deleting && <DeleteConfirmation product={deleting} othersShop={othersShop(deleting)} onClose={() => setDeleting(undefined)} />}
    </main>
  );
}

type StockChange = Parameters<typeof setStock>[1];

/**
 * One product's row. Memoized: a row is drawn again only when its product or its own state changes, so "Load more" at
 * 1,500 products draws the new page alone (a probe timed each click at 1-2.7 s as every row was drawn again).
 */
const ProductRow = memo(function ProductRow({
  product,
  isOperator,
  canWrite,
  othersShop,
  busy,
  onEdit,
  onDelete,
  onSave,
}: {
  product: Product & { waiting?: number };
  isOperator: boolean;
  canWrite: boolean;
  /** Another shop's product, in the operator's list: it may delete it (moderation), not change it. */
  othersShop: boolean;
  busy: boolean;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
  onSave: (id: string, change: StockChange) => Promise<boolean>;
}) {
  return (
    <tr className="border-t border-gray-300 align-top">
      <td className="px-3 py-3 md:px-4">
        <div className="flex items-center gap-2 md:gap-3">
          <div className="shrink-0 rounded border border-gray-300 p-0.5 md:p-1">
            {product.image[0] ? <img src={product.image[0]} alt="" width={64} height={64} loading="lazy" className="h-10 w-9 object-contain md:h-16 md:w-16" /> : <div className="h-10 w-9 md:h-16 md:w-16" />}
          </div>
          <div className="min-w-0">
            {/* The whole name: variants ("… Pack of 2", "… Pack of 3") differ at its end, and a phone has no hover. */}
            <p className="font-medium break-words text-gray-800">
              {product.name}
            </p>
            {/* The operator sees every shop's products (issue 26): whose each one is, and why its controls are off. */}
            {isOperator && (
              <p className="text-xs text-gray-500">
                {product.seller.shopName}
                {othersShop && ' · only the shop can edit it'}
              </p>
            )}
            <p className="text-xs md:hidden">
              {product.category} · <Price amount={product.offerPrice} />
            </p>
            {/* Shoppers asked to hear it is back (decision 0290): a reason to put it back soon. */}
            {!!product.waiting && <p className="text-xs font-medium text-amber-800">{`${product.waiting} shopper${product.waiting > 1 ? 's' : ''} waiting for it`}</p>}
          </div>
        </div>
        <div className="mt-2 flex gap-2">
          <button type="button" disabled={!canWrite || othersShop} onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`} className="cursor-pointer disabled:cursor-not-allowed disabled:opacity-50 h-10 rounded border border-gray-300 px-3 text-primary-ink hover:bg-primary/10">
            Edit
          </button>
          <button
            type="button"
            disabled={!canWrite}
            onClick={() => onDelete(product)}
            aria-label={`Delete ${product.name}`}
            className="h-10 cursor-pointer rounded border border-gray-300 px-3 text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Delete
          </button>
        </div>
      </td>
      <td className="hidden px-4 py-3 md:table-cell">{product.category}</td>
      <td className="hidden px-4 py-3 md:table-cell">
        <Price amount={product.offerPrice} />
      </td>
      <td className="px-1 py-3 md:px-4">
        <StockCount product={product} disabled={!canWrite || othersShop} busy={busy} onSave={(stock) => onSave(product._id, { stock })} />
      </td>
      <td className="px-1 py-3 md:px-4">
        <label {...keepClear} className="relative inline-flex h-10 cursor-pointer items-center">
          <input
            type="checkbox"
            role="switch"
            aria-label={`In Stock: ${product.name}`}
            className="peer sr-only"
            checked={product.inStock}
            // Busy, not disabled, while it saves: a disabled control loses the keyboard's focus, and the next Space went nowhere.
            disabled={!canWrite || othersShop}
            aria-disabled={busy || undefined}
            onChange={(e) => !busy && void onSave(product._id, { inStock: e.target.checked })}
          />
          {/* Off, the track is the fields' edge colour (decision 0270): 3.2:1 against the page and against the white knob (slate-300 was 1.49:1). */}
          <span className="h-7 w-12 rounded-full bg-field transition-colors peer-checked:bg-primary-ink peer-disabled:opacity-50 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-ink" />
          <span className="absolute top-1/2 left-1 h-5 w-5 -translate-y-1/2 rounded-full bg-white transition-transform peer-checked:translate-x-5" />
        </label>
      </td>
    </tr>
  );
});

/** The stock count: a whole number, or empty for "not counted"; saved on Enter or when the field is left. */
function StockCount({ product, disabled, busy, onSave }: { product: Product; disabled: boolean; busy: boolean; onSave: (stock: number | null) => Promise<boolean> }) {
  const initial = product.stock === null ? '' : String(product.stock);
  const [text, setText] = useState(initial);
  // One save per value typed (Enter, then leaving the field, send it once).
  const sent = useRef(initial);
  // The count the list shows now (a save's, another tab's, a sale's) replaces the field's text; the field stays, and
  // with it the keyboard's focus (it was drawn anew, and disabled while saving: Enter left the focus on the page's body).
  // What the seller is typing (not yet sent) stays: the list's fetch after a save came back while the next count was
  // typed and put the saved one back.
  const [shown, setShown] = useState(initial);
  const [typing, setTyping] = useState(false);
  if (shown !== initial) {
    setShown(initial);
    if (!typing) setText(initial);
  }
  useEffect(() => {
    sent.current = initial;
  }, [initial]);
  const commit = () => {
    setTyping(false);
    if (text.trim() === sent.current) return;
    sent.current = text.trim();
    const stock = text.trim() === '' ? null : numberFromText(text);
    const undo = () => {
      sent.current = initial;
      setText(initial);
    };
    if (stock !== null && !(Number.isInteger(stock) && stock >= 0)) {
      toast.error('Stock must be a whole number of 0 or more');
      undo();
      return;
    }
    void onSave(stock).then((saved) => saved || undo());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form {...keepClear} onSubmit={onSubmit} noValidate>
      <input
        inputMode="numeric"
        value={text}
        placeholder="—"
        aria-label={`Stock count: ${product.name}`}
        title="Units left; empty: not counted"
        disabled={disabled}
        readOnly={busy}
        onChange={(e) => (setText(e.target.value), setTyping(true))}
        onBlur={commit}
        className="h-10 w-full max-w-20 rounded border border-field px-1.5 outline-none focus:border-primary md:px-2"
      />
    </form>
  );
}

/**
 * Delete, after a confirmation (the product leaves the shop; orders keep their copies). The operator removing
 * another shop's product says why: the shop gets it by e-mail (decision 0229).
 */
function DeleteConfirmation({ product, othersShop, onClose }: { product: Product; othersShop: boolean; onClose: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDeleting(true);
    try {
      const reason = new FormData(event.currentTarget).get('reason');
      toast.success((await deleteProduct(product._id, typeof reason === 'string' ? reason : undefined)).message);
      onClose();
    } catch {
      // The API client has shown the server's message.
      setDeleting(false);
    }
  };
  return (
    <Overlay title={`Delete ${product.name}?`} onClose={onClose} narrow>
      <form onSubmit={(event) => void remove(event)}>
        <p className="break-words text-gray-700">Shoppers will no longer see it, and carts show it as no longer sold. Placed orders keep it. {othersShop ? 'Only you can restore it.' : 'You can restore it from Deleted products.'}</p>
        {othersShop && (
          <label className="mt-4 block text-gray-700">
            Reason, e-mailed to {product.seller.shopName}
            <textarea name="reason" required maxLength={MODERATION_REASON_MAX} rows={3} className="mt-1 block w-full rounded border border-field px-3 py-2 outline-none focus:border-primary" />
          </label>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" disabled={deleting} className="cursor-pointer rounded bg-red-700 px-5 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60">
            {deleting ? 'Deleting…' : 'Yes, delete'}
          </button>
          <button type="button" disabled={deleting} onClick={onClose} className="cursor-pointer rounded border border-gray-300 bg-white px-5 py-2 text-gray-700">
            Cancel
          </button>
        </div>
      </form>
    </Overlay>
  );
}

/** Asked when an Edit form with changes is closed: keeping them is the default, and has the focus. */
function DiscardPrompt({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="grow">Your changes are not saved.</p>
      <button ref={keep} type="button" onClick={onKeep} className="h-10 cursor-pointer rounded border border-gray-300 bg-white px-4 text-gray-700">
        Keep editing
      </button>
      <button type="button" onClick={onDiscard} className="h-10 cursor-pointer rounded bg-red-700 px-4 text-white">
        Discard changes
      </button>
    </div>
  );
}

/** A dialog over the page with its title and ×; Escape and the backdrop close it too (ModalDialog). */
function Overlay({ title, onClose, narrow = false, children }: { title: string; onClose: () => void; narrow?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <ModalDialog onClose={onClose} labelledBy={headingId} className={`rounded-lg bg-white shadow-xl ${narrow ? 'max-w-md' : 'max-w-xl'}`}>
      <div className="p-6 md:p-8">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={headingId} className="min-w-0 text-lg font-medium break-words">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="flex size-10 cursor-pointer items-center justify-center rounded text-2xl leading-none text-gray-500 hover:bg-gray-100">
            ×
          </button>
        </div>
        {children}
      </div>
    </ModalDialog>
  );
}
