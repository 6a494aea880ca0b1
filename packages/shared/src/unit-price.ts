import { formatPrice } from './money.js';

/**
 * How much one unit of a product holds (issue 28): an amount of grams, kilograms, millilitres, litres or
 * pieces. Grocery shelves show the price per kg, per l or per piece beside the price; `unitPrice` is the
 * one rule that computes it, for the product cards, the product page and anything else that shows it.
 * Kept apart from the zod schema (net-quantity.ts): the product cards are in the first load of `/`.
 */
export const NET_UNITS = ['g', 'kg', 'ml', 'l', 'pcs'] as const;
export type NetUnit = (typeof NET_UNITS)[number];
export interface NetQuantity {
  amount: number;
  unit: NetUnit;
}

/** What a unit price is per: g and kg are priced per kg, ml and l per l, pieces per piece. */
export type UnitPriceBase = 'kg' | 'l' | 'pc';

const BASE: Record<NetUnit, { base: UnitPriceBase; perBase: number }> = {
  g: { base: 'kg', perBase: 1000 },
  kg: { base: 'kg', perBase: 1 },
  ml: { base: 'l', perBase: 1000 },
  l: { base: 'l', perBase: 1 },
  pcs: { base: 'pc', perBase: 1 },
};

/**
 * The price of one kg, l or piece of a product sold at `priceMinor` for `net`, in minor units rounded to
 * the nearest (a half up): 500 g at Rs 30 is Rs 60/kg, 6 pcs at Rs 72 is Rs 12/pc, 200 ml at Rs 25 is Rs 125/l.
 */
export function unitPrice(priceMinor: number, net: NetQuantity): { minor: number; per: UnitPriceBase } {
  const { base, perBase } = BASE[net.unit];
  return { minor: Math.round((priceMinor * perBase) / net.amount), per: base };
}

/** A litre is written `L`, as on Indian packs: `1 l` read as "11" (a probe). The unit's code stays `l`. */
export const writtenUnit = (unit: string) => (unit === 'l' ? 'L' : unit);

/** `Rs 60/kg`, `Rs 12/pc`, `Rs 12.50/L`: the unit price as the shop shows it. */
export function formatUnitPrice(priceMinor: number, net: NetQuantity, currency: string): string {
  const { minor, per } = unitPrice(priceMinor, net);
  return `${formatPrice(minor, currency)}/${writtenUnit(per)}`;
}

/** `500 g`, `1.5 kg`, `1 L`, `6 pcs`, `1 pc`: the net quantity as written on a pack. */
export const formatNetQuantity = (net: NetQuantity): string => `${net.amount} ${net.unit === 'pcs' && net.amount === 1 ? 'pc' : writtenUnit(net.unit)}`;

