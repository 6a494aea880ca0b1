import type { Address } from '@greencart/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { removeAddress } from '../api/add-address';
import { useAddresses } from '../api/get-addresses';

/**
 * The shopper's saved addresses beside the form (a probe reached the limit of 50 with no way back): each can be
 * removed, asked once more (there is no undo: a probe removed one by a slip); orders keep the address they were
 * placed with.
 */
export function SavedAddresses() {
  const { data: addresses } = useAddresses();
  const [removing, setRemoving] = useState<string>();
  const [asking, setAsking] = useState<string>();
  if (!addresses?.length) return null;
  const remove = async (address: Address) => {
    setAsking(undefined);
    setRemoving(address._id);
    try {
      toast.success((await removeAddress(address._id)).message);
    } catch {
      // The API client has toasted the server's message.
    } finally {
      setRemoving(undefined);
    }
  };
  return (
    <section aria-labelledby="saved-addresses-heading" className="mt-12 max-w-md text-sm text-gray-600">
      <h2 id="saved-addresses-heading" className="text-lg font-medium text-gray-700">
        Saved addresses
      </h2>
      <ul className="mt-3 flex flex-col divide-y divide-gray-200 border-y border-gray-200">
        {addresses.map((address) => {
          const line = `${address.firstName} ${address.lastName}, ${address.street}, ${address.city} ${address.zipcode}`;
          return (
            <li key={address._id} className="flex items-center justify-between gap-3 py-1">
              <span className="min-w-0 break-words">{line}</span>
              {asking === address._id ? (
                <span role="group" aria-label={`Remove ${line}?`} className="flex shrink-0 items-center gap-3">
                  Remove it?
                  <button type="button" onClick={() => void remove(address)} className="h-10 cursor-pointer font-medium text-red-700 hover:underline">
                    Yes, remove
                  </button>
                  <button type="button" autoFocus onClick={() => setAsking(undefined)} className="h-10 cursor-pointer text-gray-700 hover:underline">
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  disabled={removing !== undefined}
                  aria-label={`Remove ${line}`}
                  onClick={() => setAsking(address._id)}
                  className="h-10 shrink-0 cursor-pointer text-red-700 hover:underline disabled:cursor-wait disabled:opacity-60"
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
