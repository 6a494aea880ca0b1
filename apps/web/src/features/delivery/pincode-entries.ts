/**
 * The entries of a typed list of pincodes: one per comma, semicolon, line or space, where three digits and three more
 * ("411 001", India Post's way) are one pincode. "411001 411002" was read as the one number 411001411002 (a probe).
 */
export const pincodeEntries = (typed: string): string[] => typed.match(/\d{3}[^\S\n]+\d{3}(?!\d)|[^\s,;]+/g) ?? [];
