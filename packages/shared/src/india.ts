/**
 * India in an address's country field, a module of its own: the address form and the server read it, and the screens
 * that load the delivery rules (the cart, the seller's orders) need not carry it (issue 27's first-load budgets).
 */

/** India as shoppers write it, compared without letter case, spaces or punctuation: "India.", "Republic of India", "भारत". */
const INDIA = new Set(['india', 'in', 'ind', 'bharat', 'republicofindia', 'भारत', 'भारतगणराज्य']);
/**
 * Whether the address's country (free text, spec section 2) is India: its pincode is then checked, and shops that limit
 * their pincodes deliver to it ("India." read as abroad: every such shop refused it, and no pincode was checked: a probe).
 */
export const isIndia = (country: string) => INDIA.has(country.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{M}]/gu, ''));
