import { useSearchParams } from 'react-router';

/**
 * One parameter of the page's address, read and replaced with the others kept (no new history entry): what a
 * reload or a shared link keeps, such as the cart's chosen address and coupon.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get(name), (value) => setParams((p) => (value ? p.set(name, value) : p.delete(name), p), { replace: true })];
}
