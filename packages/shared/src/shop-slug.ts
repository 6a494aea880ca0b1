import { z } from 'zod';

// Its own module: the delivery schemas take it, and the schemas module imports those (an import cycle through shops).
/** A shop's slug as it may appear in a link or `?seller=` (docs/decisions/0116). */
export const SLUG_MAX = 60;
export const ShopSlugSchema = z
  // A shop named twice (`?seller=a&seller=b`) read "Shop is required" (a probe).
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Shop is required' : Array.isArray(issue.input) ? 'Name one shop' : "A shop's address is text") })
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, `A shop's address is at most ${SLUG_MAX} characters`)
  // Capitals as the caller may send them (read as lower case above): the OpenAPI document shows this pattern as the
  // input's, and it said lower case only while `/shop/GREENCART` answered.
  .regex(/^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$/, 'Not a shop address');
