/**
 * India in an address's country field, a module of its own: the address form and the server read it, and the screens
 * that load the delivery rules (the cart, the seller's orders) need not carry it (issue 27's first-load budgets).
 */

/** India's names and codes, and the words written with them ("Republic of India", "India (IN)", "भारत गणराज्य"). */
const INDIA = new Set(['india', 'in', 'ind', 'bharat', 'भारत']);
const WITH_INDIA = new Set(['republic', 'of', 'गणराज्य']);
/**
 * Whether the address's country (free text, spec section 2) is India: its pincode is then checked, and shops that limit
 * their pincodes deliver to it ("India." read as abroad: every such shop refused it, and no pincode was checked: a probe).
 */
export function isIndia(country: string): boolean {
  // Words, without letter case or punctuation ("India.", "India (IN)"): one of India's names, and nothing but those.
  const words = country.normalize('NFC').toLowerCase().split(/[^\p{L}\p{M}]+/u).filter(Boolean);
  return words.some((word) => INDIA.has(word)) && words.every((word) => INDIA.has(word) || WITH_INDIA.has(word));
}
