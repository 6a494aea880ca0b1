import type { ReactNode } from 'react';
import { useSellerCanWrite } from '../lib/session';

/**
 * A seller form's fields, disabled while the shop may not write (not yet approved, or suspended): its owner saw it only
 * at the form's end, its button disabled, after filling the whole form in on a phone (a probe). It takes no box of its
 * own (`contents`): the fields stay items of the form's layout, greyed while disabled, the choices' text and the image tiles
 * too (a probe read them as usable). The server refuses the write either way.
 */
export function ShopWriteFields({ children }: { children: ReactNode }) {
  const canWrite = useSellerCanWrite();
  return (
    <fieldset
      disabled={!canWrite}
      className="contents [&:disabled_:is(input,select,textarea,label:has([type=file]))]:cursor-not-allowed [&:disabled_:is(input,select,textarea)]:bg-gray-100 [&:disabled_label:has([type=file])]:opacity-50 [&:disabled_select]:text-gray-500"
    >
      {children}
    </fieldset>
  );
}
