import { couponStanding, SEARCH_TEXT_MAX, type Coupon } from '@greencart/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useSellerCanWrite } from '../../../lib/session';
import { Price } from '../../../components/price';
import { formatDate } from '../../../lib/dates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { deleteCoupon, setCouponActive, useCoupons } from '../api/coupons';

// The form in a chunk of its own, fetched as the screen opens: the list's first load stays under issue 27's 110 kB.
// Its download failing (a signal drop) leaves the list working and says how to get the form: the whole screen went to
// "Something went wrong" (a probe).
const CouponForm = lazy(() =>
  import('./coupon-form').then(
    (m) => ({ default: m.CouponForm }),
    () => ({ default: FormNotLoaded }),
  ),
);

function FormNotLoaded() {
  return (
    <p role="alert" className="max-w-4xl rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      The coupon form could not be loaded. Reload the page to create or edit a coupon.
    </p>
  );
}
/** Each coupon's standing now, as checkout would judge it for any cart. */
const STANDING = { usable: 'Active', paused: 'Paused', 'not-started': 'Scheduled', expired: 'Expired', 'used-up': 'Used up' };
const instantOf = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * /seller/coupons (issue 29): a seller makes coupons for its own shop's products (the shop pays the
 * discount), the operator platform coupons (the operator pays); both list theirs with uses and the discount
 * given, and pause or resume them.
 */
export function CouponsScreen({ platform }: { platform: boolean }) {
  // A code's start among the caller's coupons; the operator's moderation: any shop's coupon by its whole code.
  const [search, setSearch] = useState('');
  // The operator's list of one shop's coupons (`?seller=`, from its card on Sellers).
  const [params] = useSearchParams();
  const shop = platform ? params.get('seller') : null;
  const { data, status, retry, hasMore, loadMore, fetching } = useCoupons(search.trim(), shop);
  const coupons = data?.pages.flatMap((page) => page.coupons);
  return (
    <main className="flex flex-col gap-6 px-4 pt-8 pb-24 md:px-10">
      <h1 className="text-lg font-medium">Coupons</h1>
      <p className="max-w-3xl text-sm text-gray-600">
        {platform
          ? 'Platform coupons apply to every shop, and the marketplace pays their discount.'
          : "Your coupons apply only to your shop's products, and your shop pays their discount."}
      </p>
      {/* One shop's list is for moderating it: the form (platform coupons) would put the list screens below on a phone. */}
      {!shop && (
        <Suspense>
          <CouponForm />
        </Suspense>
      )}
      <section aria-labelledby="coupon-list-heading" className="flex max-w-4xl flex-col gap-3">
        <h2 id="coupon-list-heading" className="font-medium">
          {/* A search finds any shop's coupon by its code: not only the platform's. */}
          {shop ? `Coupons of ${coupons?.[0]?.shop?.shopName ?? `the shop at /shop/${shop}`}` : platform ? (search.trim() ? 'Coupons with this code' : 'Platform coupons') : 'Your coupons'}
        </h2>
        {shop && (
          <Link to={paths.sellerCoupons} className="w-max py-2.5 text-sm text-primary-ink underline">
            Platform coupons
          </Link>
        )}
        <input
          type="search"
          maxLength={SEARCH_TEXT_MAX}
          aria-label="Find a coupon by its code"
          placeholder="Find a code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="h-10 w-full max-w-sm rounded border border-field bg-white px-2 outline-none focus:border-primary"
        />
        {status === 'error' && (
          <p role="alert" className="text-sm text-red-700">
            Could not load the coupons.{' '}
            <button type="button" onClick={retry} className="cursor-pointer font-medium underline">
              Try again
            </button>
          </p>
        )}
        {coupons && coupons.length === 0 && <p className="text-sm text-gray-600">No coupons.</p>}
        {coupons && coupons.length > 0 && (
          <ol className="flex flex-col gap-3">
            {coupons.map((coupon) => (
              <CouponRow key={coupon._id} coupon={coupon} namesShop={platform} />
            ))}
          </ol>
        )}
        {hasMore && (
          <button type="button" onClick={loadMore} aria-busy={fetching} className="h-10 w-max rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
            {fetching ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
    </main>
  );
}

function describe(coupon: Coupon) {
  if (coupon.type === 'percent') return `${coupon.value}% off`;
  if (coupon.type === 'amount') return <><Price amount={coupon.value} /> off</>;
  return 'Free delivery';
}

/** Whether a coupon ends within a day, not at a day's end: its time is said then. */
const endsWithinDay = (endsAt: Date) => !/ (00:00|23:59)$/.test(formatDate(endsAt, 'moment'));

/** `namesShop`: the operator's search of every shop's coupons says whose each is. */
function CouponRow({ coupon, namesShop }: { coupon: Coupon; namesShop: boolean }) {
  // A shop not approved sees its coupons but changes none (the server refuses it too), as on its other screens.
  const canWrite = useSellerCanWrite();
  const [busy, setBusy] = useState(false);
  // Its limits and dates in the form below it (decision 0281); the operator changes only the platform's coupons.
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // A coupon no one used can go, its code free for any shop (a probe's shop held 165 codes it never used).
  const [deleting, setDeleting] = useState(false);
  const editable = !(namesShop && coupon.scope === 'shop');
  const endsAt = instantOf(coupon.endsAt);
  const standing = couponStanding({ ...coupon, startsAt: instantOf(coupon.startsAt), endsAt }, coupon.uses, new Date());
  const write = async (call: () => Promise<{ message: string }>) => {
    if (busy) return;
    setBusy(true);
    try {
      toast.success((await call()).message);
    } catch {
      // The API client has toasted the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li aria-label={`Coupon ${coupon.code}`} className="flex flex-col gap-3 rounded-md border border-gray-300 p-4 text-sm text-gray-700">
      <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-1">
          <p>
            <span className="font-mono text-base font-medium text-gray-800">{coupon.code}</span> · {namesShop && coupon.shop && `${coupon.shop.shopName} · `}
            {describe(coupon)}
            {coupon.minSubtotal !== null && <> · from <Price amount={coupon.minSubtotal} /></>}
            {coupon.maxDiscount !== null && <> · at most <Price amount={coupon.maxDiscount} /></>}
            {coupon.firstOrderOnly && ' · first order only'}
            {coupon.categories?.length ? ` · only ${coupon.categories.join(', ')}` : ''}
            {/* A coupon for a few products said so: it read as one for every product (a probe). */}
            {coupon.productIds?.length ? ` · only ${coupon.productIds.length} product${coupon.productIds.length > 1 ? 's' : ''}` : ''}
          </p>
          <p className="text-gray-600">
            {/* Grouped as the shop writes numbers (1,000; 1,00,000). */}
            Uses: {coupon.uses.toLocaleString('en-IN')}
            {coupon.totalUses !== null && ` of ${coupon.totalUses.toLocaleString('en-IN')}`}
            {coupon.usesPerShopper !== null && ` (${coupon.usesPerShopper.toLocaleString('en-IN')} per shopper)`} · Discount given: <Price amount={coupon.discountGiven} />
            {coupon.startsAt && ` · starts ${formatDate(coupon.startsAt, 'day')}`}
            {/* Its last day: one ending at midnight (an API's) ends the day before (it read "ends 2 Dec", unusable on 2 Dec: a probe);
                one ending within a day says its time (two coupons read "ends 2 Dec 2026", one of them expired: a probe). */}
            {endsAt && ` · ends ${endsWithinDay(endsAt) ? formatDate(endsAt, 'moment') : formatDate(new Date(+endsAt - 1), 'day')}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className={standing === 'usable' ? 'font-medium text-primary-ink' : 'font-medium text-gray-500'}>
            {STANDING[standing]}
            {/* Its moderation: only GreenCart resumes it (0155). */}
            {coupon.pausedByOperator && ' by GreenCart'}
          </span>
          {/* Busy, not disabled, while sending: a disabled button dropped the keyboard's focus to the page (a probe). An expired
              coupon has nothing to pause or resume (a probe saw Pause beside "Expired"). */}
          {standing !== 'expired' && (
            <button
              type="button"
              disabled={!canWrite}
              aria-disabled={busy || undefined}
              onClick={() => void write(() => setCouponActive(coupon._id, !coupon.active))}
              className="h-10 cursor-pointer rounded border border-gray-300 px-4 hover:bg-gray-50 disabled:opacity-60 aria-disabled:opacity-60"
            >
              {coupon.active ? 'Pause' : 'Resume'}
            </button>
          )}
          {editable && (
            <button
              ref={editButton}
              type="button"
              disabled={!canWrite}
              aria-expanded={editing}
              onClick={() => setEditing(!editing)}
              className="h-10 cursor-pointer rounded border border-gray-300 px-4 hover:bg-gray-50 disabled:opacity-60"
            >
              Edit
            </button>
          )}
          {!coupon.everUsed && (
            <button type="button" disabled={!canWrite} onClick={() => setDeleting(true)} className="h-10 cursor-pointer rounded border border-gray-300 px-4 text-red-700 hover:bg-gray-50 disabled:opacity-60">
              Delete
            </button>
          )}
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          title={`Delete coupon ${coupon.code}?`}
          yes="Yes, delete"
          onClose={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            void write(() => deleteCoupon(coupon._id));
          }}
        >
          No checkout has used it. Its code becomes free for any shop to take.
        </ConfirmDialog>
      )}
      {editing && (
        <Suspense>
          <CouponForm
            editing={coupon}
            onDone={() => {
              setEditing(false);
              editButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </li>
  );
}
