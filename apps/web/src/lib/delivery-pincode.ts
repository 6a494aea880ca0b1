/**
 * The pincode the shopper last delivered to or typed (issue 28, decision 0138): the cart keeps it when an address
 * is chosen, the product page's delivery line reads it and lets the shopper type another. Kept in this browser
 * only: it is a convenience, never what checkout uses (that is the chosen address's own pincode).
 */
const KEY = 'gc-delivery-pincode';

export function rememberedPincode(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPincode(pincode: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, pincode);
  } catch {
    // Storage refused (private mode): the line asks for a pincode again next time.
  }
}
