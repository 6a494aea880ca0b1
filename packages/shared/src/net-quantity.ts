import { z } from 'zod';
import { NET_UNITS, type NetQuantity } from './unit-price.js';

/** The most a unit may hold in any of the units (a 100,000 g sack is 100 kg). */
export const NET_AMOUNT_MAX = 100_000;

/** How much one unit of a product holds (issue 28), as requests give it; the unit price rule is in unit-price.ts. */
export const NetQuantitySchema = z.strictObject({
  amount: z
    .number({ message: 'Net quantity must be a number' })
    .positive('Net quantity must be greater than 0')
    .max(NET_AMOUNT_MAX, `Net quantity must be at most ${NET_AMOUNT_MAX.toLocaleString('en-IN')}`)
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { message: 'Net quantity can have at most 3 decimals' }),
  unit: z.enum(NET_UNITS, { message: 'Net quantity unit must be one of g, kg, ml, l, pcs' }),
});

/**
 * A net quantity written as text (`500 g`, `1.5kg`, `6 pcs`), as the catalogue CSV carries it: undefined
 * when the text is not one (the caller names the row and column).
 */
export function parseNetQuantity(text: string): NetQuantity | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(g|kg|ml|l|pcs?)$/i.exec(text.trim());
  if (!match) return undefined;
  // `1 pc`, as one piece is written (and exported), is the unit `pcs`.
  const unit = match[2]!.toLowerCase();
  const parsed = NetQuantitySchema.safeParse({ amount: Number(match[1]), unit: unit === 'pc' ? 'pcs' : unit });
  return parsed.success ? parsed.data : undefined;
}
