import { SEARCH_TEXT_MAX, SHOP_SEARCH_MIN } from '@greencart/shared';
import { useDeferredValue, useId, useState } from 'react';
import type { useAddressParams } from '../../../lib/address-params';

/**
 * The operator's shop search (Sellers, Payouts, Commission; decision 0215): what is typed, and the `q` the list is asked
 * for, once it has SHOP_SEARCH_MIN characters (shorter, the list stays whole and the box says why). Kept in the address
 * (`?q=`, replacing the entry), so a reload or a shared link finds the same shops (a probe lost its search to a reload).
 */
export function useShopSearch([params, changeParams]: ReturnType<typeof useAddressParams>) {
  const [text, setTextState] = useState(() => params.get('q') ?? '');
  const setText = (value: string) => {
    setTextState(value);
    changeParams({ q: value.trim() });
  };
  const typed = useDeferredValue(text).trim();
  const short = typed.length > 0 && typed.length < SHOP_SEARCH_MIN;
  return { text, setText, q: short ? '' : typed, short };
}

/** The search box of `useShopSearch`: a part of a shop's name, its owner's name or e-mail. */
export function ShopSearchField({ search }: { search: ReturnType<typeof useShopSearch> }) {
  const id = useId();
  const hint = useId();
  return (
    <div role="search" className="flex w-full max-w-sm flex-col gap-1 text-xs text-gray-500">
      <label htmlFor={id}>Find a shop</label>
      <input
        id={id}
        type="search"
        maxLength={SEARCH_TEXT_MAX}
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        placeholder="Shop, owner or e-mail"
        aria-describedby={hint}
        className="h-10 rounded border border-field bg-white px-3 text-sm text-gray-800 outline-none focus:border-primary"
      />
      <p id={hint} aria-live="polite">
        {search.short ? `Type at least ${SHOP_SEARCH_MIN} characters to search.` : ''}
      </p>
    </div>
  );
}
