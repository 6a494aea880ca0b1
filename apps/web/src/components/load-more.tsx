/** The seller area's 'Load more' under a paged list (its screens share it). */
export function LoadMore({ onClick, fetching }: { onClick: () => void; fetching: boolean }) {
  return (
    <button type="button" onClick={onClick} aria-busy={fetching} className="h-10 w-max rounded border border-gray-300 px-12 text-primary-ink hover:bg-primary/10">
      {fetching ? 'Loading…' : 'Load more'}
    </button>
  );
}

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
