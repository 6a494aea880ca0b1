import { maxQuantityFor, SUBSTITUTE_LABELS, SUBSTITUTE_PREFERENCES, toMajor, toMinor, type SubstitutePreference } from '@greencart/shared';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import { paths } from '../../../config/paths';
import { keepClear } from '../../../lib/keep-clear';
import { cart, substitutionStore, useCartCount, useSubstitutions } from '../cart';
import type { CartLine } from '../cart-logic';
import { groupLinesByShop, type CartShopGroup } from '../cart-shops';

/** 1 to the most the line may hold: 9, or what is left of a counted product. */
const quantitiesUpTo = (max: number) => Array.from({ length: max }, (_, i) => i + 1);

/** The cart's lines (spec section 2): image, name, weight or N/A, quantity 1-9, subtotal, remove. */
export function CartLines({ lines: cartLines, loading }: { lines: CartLine[]; loading: boolean }) {
  const cartCount = useCartCount();
  return (
    <section aria-labelledby="cart-heading" className="flex-1">
      {/* Takes the focus when a removed line's button goes with it (tabIndex -1: not a stop of its own). */}
      <h1 id="cart-heading" tabIndex={-1} className="mb-6 text-3xl font-medium">
        Shopping Cart <span className="text-sm text-primary-ink">{cartCount} Item{cartCount === 1 ? '' : 's'}</span>
      </h1>
      {loading ? (
        <p role="status" className="text-gray-500">
          Loading your cart…
        </p>
      ) : cartLines.length === 0 ? (
        <p className="text-gray-600">Your cart is empty.</p>
      ) : (
        <>
          <SubstituteDefault />
          <div className="hidden grid-cols-[3fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid" aria-hidden="true">
            <p>Product Details</p>
            <p className="text-center">Subtotal</p>
            <p className="text-center">Action</p>
          </div>
          <div className="flex flex-col gap-8">
            {groupLinesByShop(cartLines).map((group) => (
              <ShopLines key={group.shop?.id ?? 'unsold'} group={group} />
            ))}
          </div>
        </>
      )}
      <Link to={paths.products} className="group mt-8 inline-flex items-center gap-2 font-medium text-primary-ink">
        <span aria-hidden="true" className="transition group-hover:-translate-x-1">
          ←
        </span>
        Continue Shopping
      </Link>
    </section>
  );
}

/**
 * One shop's lines (issue 26) under its name, with the subtotal of its lines on sale: the checkout places
 * one order per shop.
 */
function ShopLines({ group }: { group: CartShopGroup }) {
  const name = group.shop ? `Sold by ${group.shop.shopName}` : 'No longer sold';
  return (
    <section aria-label={name} className="flex flex-col gap-4">
      <h2 className="border-b border-gray-200 pb-2 text-base font-medium text-gray-700">
        {group.shop ? (
          <>
            Sold by{' '}
            <Link to={paths.shop(group.shop.slug)} className="text-primary-ink hover:underline">
              {group.shop.shopName}
            </Link>
          </>
        ) : (
          name
        )}
      </h2>
      <ul className="flex flex-col gap-4">
        {group.lines.map((line) => (
          <CartLineItem key={line.productId} line={line} />
        ))}
      </ul>
      {group.shop && (
        <p className="flex justify-between text-sm text-gray-600 md:grid md:grid-cols-[3fr_1fr_1fr] md:text-base">
          <span>{group.shop.shopName} subtotal</span>
          <Price amount={toMajor(group.subtotalMinor)} className="font-medium text-gray-800 md:text-center" />
        </p>
      )}
    </section>
  );
}

/** The two substitution preferences (issue 28) as a select, named by its visible text, or by `label` where that says less. */
function SubstituteChoice({ label, value, onChange, children }: { label?: string; value: SubstitutePreference; onChange: (value: SubstitutePreference) => void; children: string }) {
  return (
    <label className="mt-1 flex flex-wrap items-center gap-1">
      {children}
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value as SubstitutePreference)}
        className="min-h-10 max-w-full cursor-pointer rounded border border-field px-1 outline-none"
      >
        {SUBSTITUTE_PREFERENCES.map((preference) => (
          <option key={preference} value={preference}>
            {SUBSTITUTE_LABELS[preference]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The shopper's default (issue 28, docs/decisions/0149): what the shop does with any line it cannot pick in
 * full unless the line says otherwise. Kept on the account once signed in.
 */
function SubstituteDefault() {
  const { fallback } = useSubstitutions();
  return (
    <div className="mb-4 rounded border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
      <SubstituteChoice value={fallback} onChange={(preference) => substitutionStore.setDefault(preference)}>
        If an item is unavailable, by default:
      </SubstituteChoice>
      <p className="mt-1 text-gray-500">A replacement never costs more than the item it replaces. Change it per item below.</p>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const { product, quantity, available } = line;
  const name = line.name ?? 'Product no longer sold';
  const max = maxQuantityFor(product?.stock ?? null);
  return (
    <li
      aria-label={name}
      className={`grid grid-cols-[2fr_1fr] items-center gap-y-2 border-b border-gray-100 pb-4 text-sm md:grid-cols-[3fr_1fr_1fr] md:text-base ${available ? '' : 'text-gray-500'}`}
    >
      <div className="col-span-2 flex items-center gap-3 md:col-span-1 md:gap-6">
        <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300">
          {product?.image[0] && <img src={product.image[0]} alt="" width={96} height={96} className={`h-full max-w-full object-cover ${available ? '' : 'opacity-50 grayscale'}`} />}
        </div>
        {/* Narrower than its longest words and its select at 320 px (a phone zoomed in): it wraps, the page does not scroll sideways. */}
        <div className="min-w-0">
          {product ? (
            <Link to={paths.product(product.category, product._id)} className="font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <p className="font-semibold">{name}</p>
          )}
          <div className="font-normal text-gray-500">
            <p>
              Weight: <span>{product?.weight ?? 'N/A'}</span>
            </p>
            {available ? (
              <>
              <label className="flex items-center gap-1">
                Qty:
                <select
                  aria-label={`Quantity of ${name}`}
                  value={quantity}
                  onChange={(e) => cart.setQuantity(line.productId, Number(e.target.value))}
                  className="min-h-10 min-w-10 cursor-pointer rounded border border-field px-1 outline-none"
                >
                  {quantitiesUpTo(max).map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                  {/* Fewer left than the line holds (sold since it was added): shown, not offered again. */}
                  {quantity > max && (
                    <option value={quantity} disabled>
                      {quantity}
                    </option>
                  )}
                </select>
              </label>
              {quantity > max && <p className="font-medium text-amber-800">Only {max} left: lower the quantity</p>}
              <SubstituteChoice
                label={`If ${name} is unavailable`}
                value={line.substitute}
                onChange={(preference) => substitutionStore.setLine(line.productId, preference)}
              >
                If unavailable:
              </SubstituteChoice>
              </>
            ) : (
              <>
                {/* Its Remove takes one unit off, as every line's (spec section 4): the count says what is left (a probe
                    pressed it on a line of 9 and saw nothing change). */}
                <p>Qty: {quantity}</p>
                <p {...keepClear} className="font-medium text-red-600">{product ? 'Out of stock' : line.name ? 'No longer sold' : 'Unavailable'}: not included in the total</p>
              </>
            )}
          </div>
        </div>
      </div>
      <p className="md:text-center">
        {available && product ? <Price amount={toMajor(toMinor(product.offerPrice) * quantity)} /> : <span>Unavailable</span>}
      </p>
      <button
        type="button"
        onClick={() => {
          cart.remove(line.productId);
          // Without scrolling there: a tap on a lower line jumped the page to its top.
          if (quantity === 1) document.getElementById('cart-heading')?.focus({ preventScroll: true });
        }}
        aria-label={`Remove ${name}`}
        className="mx-auto cursor-pointer rounded-full p-2.5 text-red-500 hover:bg-red-50"
      >
        <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="m12.5 7.5-5 5m0-5 5 5m5.833-2.5a8.333 8.333 0 1 1-16.667 0 8.333 8.333 0 0 1 16.667 0" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </li>
  );
}
