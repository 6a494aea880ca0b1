import { PINCODE_PATTERN } from '@greencart/shared';
import { useId, useState, useSyncExternalStore } from 'react';
import { rememberedPincode, rememberPincode } from '../../../lib/remembered';
import { useDeliversTo } from '../api/delivery';

const noChanges = () => () => {};

/**
 * The product page's plain answer (issue 28): "Delivers to 411001" or "Does not deliver to 110001" for the pincode
 * the shopper last delivered to (chosen in the cart) or typed here (decision 0138). Read after hydration: the
 * server-rendered page carries no shopper's pincode.
 */
export function DeliveryLine({ sellerId }: { sellerId: string }) {
  const id = useId();
  // The remembered one once hydrated (the server's page has none), until the shopper types another.
  const remembered = useSyncExternalStore(noChanges, rememberedPincode, () => '');
  const [typed, setPincode] = useState<string | null>(null);
  const pincode = typed ?? remembered;
  // 1 while the shopper changes the pincode, 2 once checked: the field and "Change pincode" take each other's place, so
  // each one drawn gives the focus to the other (it fell to the page's body: a keyboard probe, decision 0258).
  const [editing, setEditing] = useState(0);
  const check = useDeliversTo(sellerId, pincode);
  const delivers = check.data?.sellers[0]?.delivers;
  // The API's own rule (6 digits, none starting with 0): "011001" was remembered, and every product page then asked
  // for it and was refused (a probe).
  const valid = PINCODE_PATTERN.test(pincode);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-live="polite">
      {valid && editing !== 1 && delivers !== undefined && (
        <p className={delivers ? 'font-medium text-primary-ink' : 'font-medium text-red-700'}>{delivers ? `Delivers to ${pincode}` : `Does not deliver to ${pincode}`}</p>
      )}
      {(!valid || editing === 1) && (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            // "560 034", as India Post writes it, is 560034 (decision 0219): it was cut to "560 03"; pasted with a space
            // around it, it was cut again and refused (a probe).
            const typed = String(new FormData(e.currentTarget).get('pincode') ?? '').replace(/\s/g, '');
            if (!PINCODE_PATTERN.test(typed)) return;
            rememberPincode(typed);
            setPincode(typed);
            setEditing(2);
          }}
        >
          <label htmlFor={id} className="text-gray-600">
            Check delivery
          </label>
          <input id={id} name="pincode" inputMode="numeric" pattern="\s*[1-9]\d{2} ?\d{3}\s*" title="A pincode has 6 digits, the first not 0" maxLength={12} placeholder="Pincode" defaultValue={pincode} autoFocus={editing === 1} className="h-10 w-28 rounded border border-field px-2" />
          <button type="submit" className="h-10 cursor-pointer rounded border border-gray-300 px-3 text-primary-ink hover:bg-primary/10">
            Check
          </button>
        </form>
      )}
      {valid && editing !== 1 && (
        <button type="button" onClick={() => setEditing(1)} autoFocus={editing > 1} className="h-10 cursor-pointer text-primary-ink hover:underline">
          Change pincode
        </button>
      )}
    </div>
  );
}
