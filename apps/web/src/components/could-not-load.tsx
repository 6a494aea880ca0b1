/** A shopper's list whose load failed (decision 0272): said, with a retry, and no toast (spec section 8: only logged). */
export function CouldNotLoad({ what, onRetry, busy }: { what: string; onRetry: () => void; busy: boolean }) {
  return (
    <p className="text-gray-600">
      Your {what} could not be loaded.{' '}
      <button type="button" onClick={onRetry} aria-busy={busy} className="cursor-pointer font-medium text-primary-ink underline">
        Try again
      </button>
    </p>
  );
}
