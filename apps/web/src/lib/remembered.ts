/**
 * What this browser remembers for the shopper, each a convenience the server checks, never what it trusts:
 * - the pincode they last delivered to or typed (issue 28, decision 0138): the cart keeps it when an address is
 *   chosen, the product page's delivery line reads it (checkout uses the chosen address's own pincode); in every tab;
 * - the coupon code applied in the cart (decision 0246), in this tab and for the shopper who applied it: a reload, the
 *   cart's icon, a new address and the way back from the payment page keep it; forgotten once the order is placed or
 *   paid. The server checks it against the cart each time;
 * - the delivery address last chosen in the cart, in every tab, as a shop remembers where it last delivered: the cart's
 *   icon, a new tab or the next visit opens the cart with it, as its address (`?address=`) does (in this tab only, the
 *   first address came back in a new one and an order went there unseen: a probe). Another shopper signing in has not
 *   that address: their cart takes their first.
 * - the delivery slots chosen in the cart, by shop, in this tab: the way back from the payment page keeps them, as it keeps
 *   the coupon (a probe chose again, and was refused until it did); forgotten once the order is placed. The server
 *   checks each against the shop's windows, and the cart shows one only while the shop still offers it.
 * Storage refused (private mode) remembers nothing: the line asks for a pincode again, the coupon lasts the page.
 */
const PINCODE = 'gc-delivery-pincode';
const COUPON = 'gc-coupon';
const ADDRESS = 'gc-address';
const SLOTS = 'gc-slots';

type Kind = 'localStorage' | 'sessionStorage';

const read = (storage: Kind, key: string) => {
  try {
    return globalThis[storage]?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

/** Writes (null: removes) a key; storage refused keeps nothing (lib/list-place.ts too). */
export const write = (storage: Kind, key: string, value: string | null) => {
  try {
    if (value) globalThis[storage]?.setItem(key, value);
    else globalThis[storage]?.removeItem(key);
  } catch {
    // Refused: nothing is remembered.
  }
};

/** JSON kept in this tab's storage, or `none` when there is none or it does not parse (lib/list-place.ts too). */
export const parsed = <T,>(key: string, none: T): T => {
  try {
    return JSON.parse(read('sessionStorage', key) ?? 'null') ?? none;
  } catch {
    return none;
  }
};

export const rememberedPincode = (): string => read('localStorage', PINCODE) ?? '';
export const rememberPincode = (pincode: string): void => write('localStorage', PINCODE, pincode);

/**
 * The code is the shopper's: kept with their id, so another shopper signing in in the tab does not find it (a probe).
 * The code as typed, spaces and all ("save 10" was read back as "save": a probe was told there is no coupon SAVE).
 */
export const appliedCoupon = (userId: string | undefined): string | null => {
  const [owner, ...code] = (read('sessionStorage', COUPON) ?? '').split(' ');
  return (owner === String(userId) && code.join(' ')) || null;
};
export const keepAppliedCoupon = (code: string | null, userId?: string): void => write('sessionStorage', COUPON, code && `${userId} ${code}`);

export const keptAddress = (): string | null => read('localStorage', ADDRESS);
export const keepAddress = (id: string): void => write('localStorage', ADDRESS, id);

export const keptSlots = (): Record<string, string> => parsed(SLOTS, {});
export const keepSlots = (slots: Record<string, string> | null): void => write('sessionStorage', SLOTS, slots && JSON.stringify(slots));

