/**
 * The seller area's 'Load more' under a paged list (its screens share it), while there is more, and the list's count
 * (`shown`, "40 shops shown") in a live region kept in place: a screen reader hears what a search, a filter or Load
 * more shows (it heard nothing: a probe).
 */
export function LoadMore({ hasMore, onClick, fetching, shown }: { hasMore: boolean; onClick: () => void; fetching: boolean; shown: string | undefined }) {
  return (
    <>
      <p role="status" className="sr-only">
        {shown}
      </p>
      {hasMore && (
        <button type="button" onClick={onClick} aria-busy={fetching} className="h-10 w-max rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
          {fetching ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}

/** "1 shop shown", "40 shops shown": what a list shows, for LoadMore's count; nothing until it is loaded. */
export const shownCount = (items: unknown[] | undefined, one: string, many: string) => items && `${items.length} ${items.length === 1 ? one : many} shown`;

/** A failed load of a seller screen: the server's message (already toasted) and a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="max-w-4xl rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      Could not load {what}.{' '}
      <button type="button" onClick={onRetry} className="cursor-pointer font-medium underline">
        Try again
      </button>
    </p>
  );
}
