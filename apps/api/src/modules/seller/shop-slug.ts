import { FIRST_SHOP, SLUG_MAX } from '@greencart/shared';

/** Room left for a "-<n>" suffix when two shops have the same name. */
const SUFFIX_ROOM = 6;

/**
 * A shop's address from its name (docs/decisions/0116): letters without their accents, lower case, every
 * other run of characters one hyphen ("Ravi's Fresh Farm" -> ravis-fresh-farm, "Café Crème" -> cafe-creme).
 * A name with no letter or digit of the Latin alphabet ("ताज़ा") becomes "shop", numbered like any other.
 */
export function slugFor(shopName: string): string {
  const words = addressWords(shopName);
  // A long name ends at a whole word ("…-fruits-daily", not "…-fruits-daily-supersto"), unless its first word alone is too long.
  const room = SLUG_MAX - SUFFIX_ROOM;
  const slug = words.length <= room || words[room] === '-' ? words.slice(0, room) : words.slice(0, room).replace(/-[^-]*$/, '') || words.slice(0, room);
  return slug || 'shop';
}

/** A name's words as its address writes them, joined by hyphens (the whole name: slugFor shortens it). */
function addressWords(shopName: string): string {
  return shopName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Letters of other alphabets drawn as the Latin letters of the marketplace's own name (Unicode's confusables for g, r,
 * e, n, c, a, t and k): a name written wholly in them ("ᏀᎡᎬᎬᏁ ᏟᎪᎡᎢ", Cherokee) mixes no alphabets, yet reads as it.
 */
const FIRST_SHOP_LOOK_ALIKES: Record<string, string> = {
  g: 'ᏀꓖԌɡց',
  r: 'ᎡꓣгᏒ',
  e: 'ЕеΕᎬꓰ',
  n: 'ΝꓠոᏁ',
  c: 'СсϹϲᏟꓚ',
  a: 'АаΑᎪꓮ',
  t: 'ТΤᎢꓔ',
  k: 'КкΚκᏦꓗ',
};
const LOOK_ALIKE = new Map(Object.entries(FIRST_SHOP_LOOK_ALIKES).flatMap(([latin, others]) => [...others].map((other) => [other, latin] as const)));

/**
 * Whether a name reads as the marketplace's own shop's: a word of it, or a run of its words, spells that shop's address,
 * a k read as a c, another alphabet's look-alike letters as the Latin ones ("Green Cart", "GreenCart.", "Gréencart",
 * "GreenCart Official", "GreenKart", "ᏀᎡᎬᎬᏁ ᏟᎪᎡᎢ"; not "Evergreen Cartwheel"; probes took the first five and the last).
 */
export function readsAsFirstShop(shopName: string): boolean {
  const words = addressWords([...shopName].map((letter) => LOOK_ALIKE.get(letter) ?? letter).join('')).replace(/k/g, 'c').split('-');
  return words.some((_, first) => {
    let run = '';
    for (const word of words.slice(first)) {
      run += word;
      if (run.length >= FIRST_SHOP.slug.length) return run === FIRST_SHOP.slug;
    }
    return false;
  });
}

export const withSuffix = (base: string, n: number) => `${base}-${n}`;
