import { useSearchParams } from 'react-router';

/**
 * The change last asked for and the address it was built on. One for the page, as the address is: React Router builds
 * an update on the address as last drawn, so a change made before the page caught up with the one before it (From
 * emptied, then To at once; Clear filters, then typing) would bring back what that one removed (a browser test caught
 * it). Such a change builds on the one asked for instead; once the address moved on (that change drawn, or Back, a
 * link), the address is the base again.
 */
let asked: { on: URLSearchParams; next: URLSearchParams } | undefined;

/**
 * The address's parameters, and `change` to set some of them (an empty value removes one, the others are kept),
 * replacing the history entry: a screen's filters and searches, which a reload or a shared link finds again.
 * `adjust` may amend the whole before it is sent.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = (values: Record<string, string | undefined>, adjust?: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(asked?.on === params ? asked.next : params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    adjust?.(next);
    asked = { on: params, next };
    setParams(next, { replace: true });
  };
  return [params, change] as const;
}
