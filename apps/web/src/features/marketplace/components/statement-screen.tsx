import { balanceEffect, type LedgerEntry } from '@greencart/shared';
import { Link } from 'react-router';
import { DayField } from '../../../components/day-field';
import { Price } from '../../../components/price';
import { paths } from '../../../config/paths';
import { useAddressParams } from '../../../lib/address-params';
import { addressDay, formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { ledgerExportUrl, useLedger } from '../api/ledger';
import { LoadFailed, LoadMore, shownCount } from '../../../components/load-more';
import { PayoutAccountPanel } from './payout-account-panel';

const effect = (entry: LedgerEntry) => balanceEffect(entry.type, entry.amount);
const DAY_LABEL = 'text-xs text-gray-500';
const DAY_FIELD = 'mt-1 h-10 w-36 rounded border border-field px-2 outline-none';

/** Signed as the cart and My Orders sign a discount, "−Rs 13.10": the statement wrote "− Rs" (a probe saw both). */
function SignedPrice({ amount }: { amount: number }) {
  return (
    <span className={amount < 0 ? 'text-red-700' : 'text-green-800'}>
      {amount < 0 ? '−' : '+'}
      <Price amount={Math.abs(amount)} />
    </span>
  );
}

/** A balance at a moment of the statement, as a bank statement writes it: below zero (the shop owes GreenCart) with a minus. */
function BalanceAt({ label, amount }: { label: string; amount: number }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="font-medium">
        {amount < 0 && '−'}
        <Price amount={Math.abs(amount)} />
      </dd>
    </div>
  );
}

/**
 * /seller/balance (issue 26): what the marketplace owes the shop and its statement, newest entry first, 50
 * at a time, with the whole statement as CSV. A seller sees its own; the operator any shop's
 * (`?sellerId=`, from Payouts), its own shop's without one. The statement of a stretch of days (`?from=&to=`, decision
 * 0251: a month for the accounts), on the screen and in its CSV.
 */
export function StatementScreen() {
  const [params, changeParams] = useAddressParams();
  // Another shop's statement is the operator's to read: a seller given one's link reads its own (it was an error page, a probe).
  const operator = useSession((s) => s.seller?.role === 'operator');
  const sellerId = (operator && params.get('sellerId')) || undefined;
  const days = { from: addressDay(params.get('from')), to: addressDay(params.get('to')) };
  // Days that end before they start list nothing, and say so; the balance stays shown (a probe lost it).
  const backwards = !!days.from && !!days.to && days.from > days.to;
  const statement = { sellerId, ...(backwards ? {} : days) };
  const { data, status, retry, hasMore, loadMore, fetching } = useLedger(statement);
  const setDay = (key: 'from' | 'to', day: string) => changeParams({ [key]: day });
  const first = data?.pages[0];
  // The shop's own statement (the operator reads another's by its id).
  const own = !sellerId;
  const entries = data?.pages.flatMap((page) => page.entries);
  return (
    <main className="flex flex-col gap-5 px-4 pt-8 pb-24 md:px-10">
      {/* The operator came from Payouts to read one shop's statement: the way back. */}
      {sellerId && (
        <Link to={paths.sellerPayouts} className="w-max text-sm text-primary-ink underline">
          ← Payouts
        </Link>
      )}
      <h1 className="text-lg font-medium">Balance{first ? `: ${first.seller.shopName}` : ''}</h1>
      {status === 'error' && <LoadFailed what="the statement" onRetry={retry} />}
      {first && (
        <section aria-label="Balance" className="flex max-w-4xl flex-wrap items-end justify-between gap-4 rounded-md border border-gray-300 px-4 py-3">
          <div>
            {/* Below zero (a refund after the payout), the shop owes the marketplace: said so, not "due Rs -200" (a probe). */}
            {/* Spoken to the shop on its own statement, of the shop on the one the operator reads (a probe read "your riders"). */}
            <p className="text-xs text-gray-500">{first.balance < 0 ? `${own ? 'You owe' : 'The shop owes'} GreenCart` : `Balance due to ${own ? 'you' : 'the shop'}`}</p>
            <p className="text-2xl font-semibold">
              <Price amount={Math.abs(first.balance)} />
            </p>
            <p className="text-xs text-gray-500">Sales less commission, refunds, payouts and the cash {own ? 'your' : 'its'} riders collected, plus what {own ? 'you' : 'it'} paid GreenCart.</p>
            {/* Below zero, what the shop does about it: the operator records its payment (decision 0276). */}
            {first.balance < 0 && (
              <p className="text-xs text-gray-700">{own ? 'Pay it to GreenCart by bank transfer; it shows here once GreenCart records it.' : 'The shop pays it by bank transfer; record it on Payouts once received.'}</p>
            )}
            <p className="text-xs text-gray-500">
              {first.commissionPercent > 0 ? `Commission: ${first.commissionPercent}% of each order delivered from now on, of its amount with its tax, not of its delivery fee; each entry below keeps the rate of its day.` : 'No commission on its orders.'}
            </p>
          </div>
          {!backwards && (
            <a href={ledgerExportUrl(statement)} download className="flex h-10 items-center rounded bg-primary-ink px-4 text-sm font-medium text-white hover:bg-primary-deep">
              Export CSV
            </a>
          )}
        </section>
      )}
      {first && <PayoutAccountPanel sellerId={sellerId} back={params.get('connect')} />}
      <fieldset className="flex max-w-4xl flex-wrap items-start gap-3 text-sm">
        <legend className="mb-1 font-medium">Entries of</legend>
        <DayField label="From" day={days.from} onChange={(day) => setDay('from', day)} className="flex flex-col" labelClassName={DAY_LABEL} fieldClassName={DAY_FIELD} />
        <DayField
          label="To"
          day={days.to}
          onChange={(day) => setDay('to', day)}
          error={backwards ? 'To must not be before From' : undefined}
          className="flex flex-col"
          labelClassName={DAY_LABEL}
          fieldClassName={DAY_FIELD}
        />
      </fieldset>
      {/* The stretch's balances, as a bank statement opens and closes (decision 0283): its entries are the difference. */}
      {first?.period && !backwards && (
        <section aria-label="Balances of these days">
          <dl className="flex max-w-4xl flex-wrap gap-x-10 gap-y-2 text-sm">
            <BalanceAt label={first.period.from ? `Opening balance, start of ${formatDate(first.period.from, 'day', 'UTC')}` : 'Opening balance'} amount={first.period.opening} />
            <BalanceAt label={first.period.to ? `Closing balance, end of ${formatDate(first.period.to, 'day', 'UTC')}` : 'Closing balance, now'} amount={first.period.closing} />
          </dl>
        </section>
      )}
      {backwards ? null : !entries ? (
        status !== 'error' && (
          <p role="status" className="text-gray-500">
            Loading the statement…
          </p>
        )
      ) : entries.length === 0 ? (
        <p className="text-gray-600">{days.from || days.to ? 'No entries on these days.' : 'No entries yet: a sale is entered when its order is delivered.'}</p>
      ) : (
        // Focusable, so a keyboard can scroll it if a narrow screen cannot show it whole.
        <div tabIndex={0} role="region" aria-label="Statement" className="max-w-4xl overflow-x-auto rounded-md border border-gray-300">
          <table className="w-full text-left text-sm text-gray-700">
            <caption className="sr-only">Statement, newest first</caption>
            <thead className="bg-gray-50 text-xs text-gray-500">
              <tr>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 font-medium sm:table-cell">
                  Date
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
                  Entry
                </th>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 font-medium sm:table-cell">
                  Order
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-gray-200">
                  <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">{formatDate(entry.createdAt, 'day')}</td>
                  <td className="px-2 py-2 sm:px-3">
                    {/* A refund's commission given back is "Commission returned", not a second "Commission"; cash its rider kept is "Cash collected" (0276). */}
                    {entry.description}
                    {/* What the shop finds the money by in its bank (decision 0247). */}
                    {entry.payoutReference && <span className="block text-xs break-all text-gray-500">Ref. {entry.payoutReference}</span>}
                    {/* A phone has room for the amount only with the day and the order under the entry, on one line: it
                        widens no column (contain: inline-size) and runs on under the amount, which keeps to the first line ("1 Dec / 2026 ·
                        GC-120001" wrapped while the Amount column had room: a probe). */}
                    <span className="block text-xs whitespace-nowrap text-gray-500 [contain:inline-size] sm:hidden">
                      {formatDate(entry.createdAt, 'day')}
                      {entry.orderNumber && ` · ${entry.orderNumber}`}
                    </span>
                  </td>
                  <td className="hidden px-2 py-2 whitespace-nowrap sm:px-3 text-gray-500 sm:table-cell">{entry.orderNumber ?? ''}</td>
                  <td className="px-2 py-2 align-top sm:px-3 text-right whitespace-nowrap sm:align-middle">
                    <SignedPrice amount={effect(entry)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Not under days that end before they start: the page behind it is the whole statement's (a probe's dead button). */}
      {!backwards && <LoadMore hasMore={hasMore} onClick={loadMore} fetching={fetching} shown={shownCount(entries, 'entry', 'entries')} />}
    </main>
  );
}
