import type { Address } from '@greencart/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

// With its pincode: which shops deliver depends on it, and two addresses on one street were told apart by it alone (a probe).
const oneLine = (a: Address) => `${a.street}, ${a.city}, ${a.state} ${a.zipcode}, ${a.country}`;

/**
 * The delivery-address picker of the checkout (spec section 2): the selected address, 'Change' to
 * open the list of saved addresses, 'Add address' to /add-address, 'No address found' when none. Escape, or focus
 * leaving the picker (a press elsewhere), closes the list; Escape or a choice gives the focus back to 'Change' (the
 * chosen button is gone with the list).
 */
export function AddressPicker({ addresses, selected, onSelect }: { addresses: Address[]; selected: Address | undefined; onSelect: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    change.current?.focus();
  };
  return (
    <div
      onKeyDown={(e) => e.key === 'Escape' && close()}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
      className="relative mt-2 flex items-start justify-between gap-3"
    >
      <p className="text-gray-600">
        {selected ? oneLine(selected) : 'No address found'}
      </p>
      {/* Named by what it changes (a screen reader's list of buttons read "Change" alone: a probe). */}
      <button
        ref={change}
        type="button"
        aria-label="Change delivery address"
        aria-expanded={open}
        aria-controls="address-choices"
        onClick={() => setOpen((o) => !o)}
        className="-my-2.5 shrink-0 cursor-pointer py-2.5 text-primary-ink hover:underline"
      >
        Change
      </button>
      {open && (
        <ul id="address-choices" aria-label="Saved addresses" className="absolute top-full z-10 mt-2 w-full border border-gray-300 bg-white py-1 text-sm shadow-sm">
          {addresses.map((address) => (
            <li key={address._id}>
              <button
                type="button"
                aria-current={address._id === selected?._id}
                onClick={() => {
                  onSelect(address._id);
                  close();
                }}
                className="w-full cursor-pointer p-2 text-left text-gray-600 hover:bg-gray-100"
              >
                {oneLine(address)}
              </button>
            </li>
          ))}
          <li>
            <Link to={paths.addAddress} className="block p-2 text-center text-primary-ink hover:bg-primary/10">
              Add address
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
