import { z } from 'zod';
import { CATEGORY_PATHS } from './categories.js';
import { BUY_AGAIN_PAGE_MAX, CANCEL_REASON_MAX, CART_MAX_LINES, MAX_PRODUCT_IMAGES, ORDER_STATUSES, PAYMENT_TYPES, QUANTITY_MAX, QUANTITY_MIN, SEARCH_TEXT_MAX, SELLER_STATUSES, SHOP_SEARCH_MIN, SUBSTITUTE_PREFERENCES, TIMELINE_STATUSES } from './constants.js';
import { STOCK_MAX } from './stock.js';
import { DeliverySlotSchema, DeliverySlotsChoiceSchema, postalCode } from './delivery.js';
import { PINCODE_PATTERN } from './delivery-rules.js';
import { isIndia } from './india.js';
import { isWholePaise, numberTextFault, numberFromText } from './paise.js';
import { NetQuantitySchema } from './net-quantity.js';

/**
 * Request and answer shapes shared by the browser forms and the server (spec sections 3, 5, 7).
 * Request schemas are strict where the issue asks unknown keys to be refused.
 */

/**
 * `limit` of a keyset page: 1 to `max`, `size` when not given; `items` names what a page holds in the API's document
 * (each parameter is described there: a probe found `limit` on most lists said nothing).
 */
export const pageSize = (size: number, max: number, items: string) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(size)
    .meta({ description: `${items} a page, 1-${max} (${size} when not given)` });

/** A UUID, in lower case as the database writes it (the same id in capitals is the same id, not another line). */
export const IdSchema = z.uuid({ message: 'Must be a valid id' }).toLowerCase();

/** `cursor` of a keyset page: the last id of the page before, as that answer's `nextCursor` says. */
export const PageCursorSchema = IdSchema.meta({ description: "The page after the previous one: that answer's `nextCursor` (not given: the first page)" });

/**
 * Bidirectional overrides, embeddings and isolates: they make a name read as another ("\u202EAPOHS" shows as "SHOPA");
 * and the invisible marks (LRM, RLM, ALM), which reorder the digits and signs beside them ("1\u200F-2" shows as "2-1").
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/**
 * Control characters (line breaks, tabs, escapes) and the Unicode line and paragraph separators: a one-line text holds
 * none (a name with "\r\nBcc:" reached e-mails and CSV files).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/**
 * A character that shows: neither a space, nor an invisible format or ignorable character, nor the blank braille cell
 * (a zero-width space, a Hangul filler "\u3164" or "\u2800" alone fill nothing: a probe's product had a blank name),
 * nor a combining mark, which shows only on a letter (a probe's buyer name was one accent, "\u0301": blank in lists).
 */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\p{M}]/u;

/**
 * A character that shows nothing in a name: format characters and the code points Unicode says to ignore when
 * drawing (variation selectors, the combining grapheme joiner, Hangul fillers, Khmer inherent vowels) and the
 * blank braille pattern, which drew "GreenCart\uFE0F" as the operator's shop's name, and "Green\u200BCart" passed for it.
 */
const SHOWS_NOTHING = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/**
 * Those a name may hold: the direction controls (refused with their own message, requiredText), a variation selector
 * after an emoji ("☕️" draws the emoji), and the joiners after a mark, an emoji or a letter of a script other than
 * Latin, Cyrillic or Greek: Indian scripts write with them ("क्\u200Dष"), emoji sequences join with them.
 */
const drawnWith = (name: string, at: number) => {
  const mark = name[at]!;
  const before = name.slice(0, at).match(/.$/su)?.[0] ?? '';
  if (DIRECTION_CONTROLS.test(mark)) return true;
  if (mark === '\uFE0F') return /\p{Extended_Pictographic}/u.test(before);
  return (mark === '\u200C' || mark === '\u200D') && /[\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]|(?![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}])\p{L}/u.test(before);
};

/**
 * A name holds no character that shows nothing, but those it is drawn with (drawnWith). A name of nothing visible is
 * left to requiredText's "is required".
 */
export const withoutInvisible = (name: string) => !VISIBLE.test(name) || [...name.matchAll(SHOWS_NOTHING)].every((found) => drawnWith(name, found.index));

/**
 * One way to write a name (decision 0222): full-width and other compatibility letters as their plain forms (NFKC), a run
 * of spaces (a no-break one among them) as one: no name passes for another written otherwise ("ＧreenCart").
 */
export const writtenOneWay = (name: string) => name.normalize('NFKC').replace(/\s+/gu, ' ');

/** A string field: absent is "required", a number or anything else sent in its place is "must be text". */
export const textField = (label: string) => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) });

export const requiredText = (label: string, max = 200) =>
  textField(label)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((text) => text === '' || VISIBLE.test(text), `${label} is required`)
    .refine((text) => !DIRECTION_CONTROLS.test(text), `${label} cannot contain text-direction control characters`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), `${label} cannot contain line breaks, tabs or other control characters`);

export const EmailSchema = textField('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .transform((e) => e.toLowerCase())
  // The document of the API names what the pipe checks (its input side alone said "a string": a probe).
  .meta({ format: 'email' });

/**
 * The passwords of 8 characters or more tried first against any account (the top of the breach lists, and this shop's
 * name): a new password is none of them (OWASP ASVS 2.1.7; an attacker probe signed up with "password" and "12345678").
 */
const COMMON_PASSWORDS = new Set(
  ('password password1 password12 password123 passw0rd p@ssw0rd p@ssword iloveyou iloveyou1 qwertyuiop qwerty123 qwertyui ' +
    '1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsxedc q1w2e3r4 abcd1234 abc12345 abcdefgh asdfghjkl asdf1234 sunshine princess ' +
    'football baseball superman welcome1 welcome123 letmein1 trustno1 whatever starwars computer michelle jennifer babygirl ' +
    'india123 india@123 admin123 administrator changeme internet monkey123 dragon123 shadow123 master123 greencart greencart1 ' +
    'greencart123').split(' '),
);
/** One of those, or a run of digits (12345678, 87654321), or a few characters over and over (aaaaaaaa, 12341234). */
const guessedFirst = (password: string) => {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || '01234567890'.includes(lower) || '09876543210'.includes(lower) || /^(.{1,4})\1+$/su.test(lower);
};

/** A new password (sign-up, reset, change); signing in takes any the account has. */
export const PasswordSchema = textField('Password')
  // Empty is named as missing first (the form shows a field's first message), then the length rule.
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .refine((password) => password.length < 8 || VISIBLE.test(password), 'Password cannot be only spaces')
  .refine((password) => password.length < 8 || !VISIBLE.test(password) || !guessedFirst(password), 'This password is one of the first an attacker tries: choose another');

// The range first, and alone: 1e300 is refused as out of it, not as "not a whole number" (a probe).
const QUANTITY_RANGE = { message: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`, abort: true };
export const QuantitySchema = z.number({ message: 'Quantity must be a number' }).min(QUANTITY_MIN, QUANTITY_RANGE).max(QUANTITY_MAX, QUANTITY_RANGE).int('Quantity must be a whole number');

// ---- accounts ----
const credentials = {
  email: EmailSchema,
  password: textField('Password').min(1, 'Password is required').max(128, 'Password is too long'),
};
/** The original GreenCart client's login form always sends `name: ""` too: accepted and ignored. */
export const LoginInputSchema = z.strictObject({ ...credentials, name: z.string().max(100, 'Name is too long').optional() });
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = z.strictObject({
  name: requiredText('Name', 100),
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/**
 * A forgotten password (decision 0254): the e-mail a link to set a new one goes to, for shoppers
 * (POST /api/user/password/forgot) and shops (POST /api/seller/password/forgot) alike.
 */
export const PasswordForgotInputSchema = z.strictObject({ email: EmailSchema });
export type PasswordForgotInput = z.infer<typeof PasswordForgotInputSchema>;

/** The e-mailed link's token and the new password (POST /api/user/password/reset, /api/seller/password/reset). */
export const PasswordResetInputSchema = z.strictObject({
  token: z.string({ message: 'The link is not valid' }).min(1, 'The link is not valid').max(300, 'The link is not valid'),
  password: PasswordSchema,
});
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

/** A signed-in account's new password, with the current one (POST /api/user/password/change, /api/seller/password/change). */
export const PasswordChangeInputSchema = z
  .strictObject({
    currentPassword: credentials.password,
    password: PasswordSchema,
  })
  // The same password again changed nothing, yet signed every other device out (a probe).
  .refine((input) => input.password !== input.currentPassword, { path: ['password'], message: 'Choose a password other than the current one' });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInputSchema>;

/** Seller login (spec section 5): e-mail and password only (the original client sends no name here). */
export const SellerLoginInputSchema = z.strictObject(credentials);
export type SellerLoginInput = z.infer<typeof SellerLoginInputSchema>;

/**
 * How the API's document shows a cart map the server reads in two steps (its count, then its keys and values): the
 * second step's keys and values, which the first step's "any value" hid from the document (a probe's client sent
 * Swagger's example and was refused). Written from the same constants (zod's JSON Schema writer would weigh 1 kB in
 * the web's form chunk).
 */
const cartMapDoc = (description: string, value: object) => ({
  description,
  propertyNames: { type: 'string', format: 'uuid' },
  additionalProperties: value,
  maxProperties: CART_MAX_LINES,
});

/** The line count is checked before the lines, so 10,000 lines cost one issue, not 10,000. */
export const CartItemsSchema = z
  .record(z.string(), z.unknown(), { message: 'cartItems must be a map of product id to quantity' })
  .refine((items) => Object.keys(items).length <= CART_MAX_LINES, {
    message: `A cart holds at most ${CART_MAX_LINES} different products`,
  })
  .pipe(z.record(IdSchema, QuantitySchema, { error: (issue) => (issue.code === 'invalid_key' ? 'Cart keys must be product ids' : undefined) }))
  .meta(cartMapDoc('Product id to quantity', { type: 'integer', minimum: QUANTITY_MIN, maximum: QUANTITY_MAX }));
export type CartItems = z.infer<typeof CartItemsSchema>;

/** A line's substitution preference (issue 28). */
export const SubstitutePreferenceSchema = z.enum(SUBSTITUTE_PREFERENCES, { message: "Choose 'similar' (replace with a similar item) or 'none' (don't replace)" });

/** Per cart line, product id to preference; a line not named follows the shopper's default (issue 28). */
export const SubstitutionsSchema = z
  .record(z.string(), z.unknown(), { message: 'substitutions must be a map of product id to preference' })
  .refine((items) => Object.keys(items).length <= CART_MAX_LINES, { message: `A cart holds at most ${CART_MAX_LINES} different products` })
  .pipe(z.record(IdSchema, SubstitutePreferenceSchema, { error: (issue) => (issue.code === 'invalid_key' ? 'Substitution keys must be product ids' : undefined) }))
  .meta(cartMapDoc('Product id to substitution preference', { type: 'string', enum: SUBSTITUTE_PREFERENCES }));
export type Substitutions = z.infer<typeof SubstitutionsSchema>;

/** A year: how far back a cart save's `changedMsAgo` is taken (further back, as a year). */
const CHANGED_MS_AGO_MAX = 365 * 24 * 60 * 60 * 1000;

export const CartUpdateInputSchema = z.strictObject({
  cartItems: CartItemsSchema,
  /**
   * The account the browser saves this cart for (its user id). Another one signed in since in the same browser (the
   * session cookie is shared by its tabs) is refused with CART_OWNER_CHANGED: a tab left open wrote the previous
   * shopper's cart into the next one's account (a probe). The original client sends none.
   */
  owner: IdSchema.optional(),
  /**
   * Substitutions (issue 28, docs/decisions/0149): each line's own preference. Absent (the original client):
   * the lines keep the preferences they had; present: the lines it does not name follow the default.
   */
  substitutions: SubstitutionsSchema.optional(),
  /** The shopper's default preference, kept on their account (decision 0149). */
  substituteDefault: SubstitutePreferenceSchema.optional(),
  /**
   * How long before sending the shopper made this cart, by the browser's own clock (so no clock has
   * to agree with the server's). A save whose change is older than the last checkout is not applied
   * (docs/decisions/0093). The original client sends none: the last save to arrive wins, as before. Taken as
   * at most a year: further back no date is needed (and a far larger one left PostgreSQL's dates: a 500).
   */
  changedMsAgo: z
    .int('changedMsAgo must be a whole number of milliseconds')
    .min(0, 'changedMsAgo cannot be negative')
    .transform((ms) => Math.min(ms, CHANGED_MS_AGO_MAX))
    .optional(),
});

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cartItems: z.record(z.string(), z.number()),
  /** Substitutions (issue 28): the cart lines with a preference of their own, and the shopper's default. */
  substitutions: z.record(z.string(), SubstitutePreferenceSchema).optional(),
  substituteDefault: SubstitutePreferenceSchema.optional(),
}).meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

// ---- addresses ----
export const PhoneSchema = requiredText('Phone', 30).refine((p) => /^\+?[\d\s()-]+$/.test(p) && p.replace(/\D/g, '').length >= 7 && p.replace(/\D/g, '').length <= 15, {
  message: 'Enter a valid phone number',
});

/** A refinement's `when`: the value is an object whose fields `names` raised no issue of their own. */
const fieldsPassed =
  (...names: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || names.includes(String(issue.path[0])));

/**
 * A number a courier in India can call: 10 digits once a leading +91 (or 91) or 0 is dropped, the first not 0 (a
 * mobile's 6-9, a landline's area code). 7 to 15 digits of anything took "0000000" for a delivery (a probe).
 */
function isIndianPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[1-9]\d{9}$/.test(national);
}

export const AddressInputSchema = z.strictObject(
  {
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    email: EmailSchema,
    street: requiredText('Street', 200),
    city: requiredText('City', 100),
    state: requiredText('State', 100),
    zipcode: z
      // Missing is "required"; a value of another kind (true, [411001]) is said to be one (a probe read "required" for true).
      .union([z.string(), z.number()], { error: (issue) => (issue.input == null ? 'Zip code is required' : 'Zip code must be numeric (3 to 10 digits)') })
      .transform((v) => postalCode(String(v)))
      .pipe(z.string().min(1, 'Zip code is required').regex(/^\d{3,10}$/, 'Zip code must be numeric (3 to 10 digits)'))
      .meta({ pattern: '^\\s*(\\d\\s*){3,10}$', description: '3 to 10 digits, spaces between them allowed ("411 001"); as text or a number' }),
    country: requiredText('Country', 100),
    phone: PhoneSchema,
  },
  // Missing, or not an address's fields: said in the shop's words (it was zod's "expected object, received undefined").
  { error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'The address is required' : 'The address must be an object of its fields') : undefined) },
)
  // Each judged once its own field's rule has passed: "abc" was told two things about one zip code (a probe).
  .refine((a) => !isIndia(a.country) || PINCODE_PATTERN.test(a.zipcode), { message: 'An Indian pincode must be 6 digits, the first not 0', path: ['zipcode'], when: fieldsPassed('zipcode', 'country') })
  .refine((a) => !isIndia(a.country) || isIndianPhone(a.phone), { message: 'An Indian phone number has 10 digits (a mobile, or a landline with its area code)', path: ['phone'], when: fieldsPassed('phone', 'country') });
export type AddressInput = z.infer<typeof AddressInputSchema>;
export const AddAddressInputSchema = z.strictObject({ address: AddressInputSchema });
/** POST /api/address/delete: one of the shopper's saved addresses (its orders keep the copy they were placed with). */
export const AddressIdInputSchema = z.strictObject({ addressId: IdSchema });

export const AddressSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
}).meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

// ---- products ----
/** The shop a product or an order belongs to (issue 26): its name and where its page is (`/shop/:slug`). */
export const ShopRefSchema = z.object({ id: z.string(), shopName: z.string(), slug: z.string() });
export type ShopRef = z.infer<typeof ShopRefSchema>;

/** A search text (`q`), trimmed; empty when not given. */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, `The search text must be at most ${SEARCH_TEXT_MAX} characters`)
  .default('')
  .meta({ description: `Text to search for, in any letter case, at most ${SEARCH_TEXT_MAX} characters; empty or not given for all` });

/**
 * `q` of the operator's lists of shops (Sellers, Payouts, Commission): a part of the shop's name, its owner's name
 * or its e-mail, in any case; empty for every shop.
 */
export const ShopSearchSchema = SearchTextSchema.refine((q) => q.length === 0 || q.length >= SHOP_SEARCH_MIN, `Search with at least ${SHOP_SEARCH_MIN} characters`).meta({
  description:
    `A part of the shop's name, its owner's name or its e-mail, in any letter case: empty (every shop) or at least ${SHOP_SEARCH_MIN} characters ` +
    `after trimming (a shorter text is refused, 400), at most ${SEARCH_TEXT_MAX}`,
});

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.array(z.string()),
  category: z.string(),
  /** List price, major units. */
  price: z.number(),
  /** Selling price, major units. */
  offerPrice: z.number(),
  image: z.array(z.string()),
  /** False whenever `stock` is 0. */
  inStock: z.boolean(),
  /** Units left, or null when the product is not counted (`inStock` alone decides; issue 16). */
  stock: z.number().int().min(0).nullable(),
  weight: z.string().optional(),
  /** How much one unit holds (issue 28), when the seller gave it: the shop shows the price per kg, l or piece. */
  netQuantity: NetQuantitySchema.optional(),
  /** The shop that sells it (issue 26). */
  seller: ShopRefSchema,
}).meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

/** The most a product's price or offer price is, in rupees (decision 0284). */
const PRICE_MAX = 500_000;

const MoneyInputSchema = (label: string) =>
  z
    .union([z.number(), z.string()], { message: `${label} must be a number` })
    // An empty field is a missing price (the spec: price and offer price are required), not a badly written one.
    .transform((value, ctx) => {
      if (typeof value === 'number') return value;
      const number = numberFromText(value);
      if (!Number.isNaN(number)) return number;
      ctx.addIssue({ code: 'custom', message: value.trim() === '' ? `${label} is required` : (numberTextFault(value) ?? `${label} must be a number`) });
      return z.NEVER;
    })
    .pipe(
      z
        .number({ message: `${label} must be a number` })
        .positive(`${label} must be greater than 0`)
        // One unit with its tax and a delivery fee within what one card payment takes (Rs 9,99,999.99): a product of Rs
        // 10,00,000 could be listed and never bought, by card or in cash (decision 0284).
        .max(PRICE_MAX, `${label} is too large (at most 5,00,000)`)
        .refine(isWholePaise, {
          message: `${label} can have at most 2 decimals`,
        }),
    );

/** A stock count: whole units left, or null for "not counted" (issue 16). */
export const StockCountSchema = z
  .number({ message: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(STOCK_MAX, `Stock must be at most ${STOCK_MAX.toLocaleString('en-IN')}`)
  .nullable();

const DescriptionSchema = z
  .array(
    z
      .string()
      .trim()
      .max(500, 'A description line must be at most 500 characters')
      // Shoppers read it on the product page: "\u202Eenif" showed as "fine", as a name would.
      .refine((text) => !DIRECTION_CONTROLS.test(text), 'A description line cannot contain text-direction control characters')
      // A line is one line: a tab or a line break inside it reached the product page and the catalogue's CSV (a probe).
      .refine((text) => !CONTROL_CHARACTERS.test(text), 'A description line cannot contain line breaks, tabs or other control characters'),
    {
    message: 'Description must be a list of lines',
  })
  .max(20, 'Description can have at most 20 lines')
  .transform((lines) => lines.filter((l) => l.length > 0));

/** The fields a seller gives a product: added whole, edited any of them (issue 16). */
const productFields = {
  // Written one way, as shop names are: a product the operator removed came back as "Organic  Jaggery" (two spaces),
  // with a zero-width space or a full-width letter (a probe; decision 0231).
  name: requiredText('Product name', 200).refine(withoutInvisible, 'Product name cannot contain invisible characters').transform(writtenOneWay),
  description: DescriptionSchema,
  category: z.enum(CATEGORY_PATHS, { message: 'Select a category' }),
  price: MoneyInputSchema('Price'),
  offerPrice: MoneyInputSchema('Offer price'),
  weight: z
    .string()
    .trim()
    .max(50, 'Weight must be at most 50 characters')
    .refine((text) => !CONTROL_CHARACTERS.test(text), 'Weight cannot contain line breaks, tabs or other control characters')
    .refine((text) => !DIRECTION_CONTROLS.test(text), 'Weight cannot contain text-direction control characters')
    .optional(),
  /** How much one unit holds (issue 28); null clears it on an edit. */
  netQuantity: NetQuantitySchema.nullable().optional(),
  /** Left out or null: not counted. */
  stock: StockCountSchema.optional(),
};

/** The `productData` JSON of POST /api/product/add (spec section 5: no check that offerPrice < price). */
export const ProductInputSchema = z.strictObject({ ...productFields, description: DescriptionSchema.default([]) });
export type ProductInput = z.infer<typeof ProductInputSchema>;
export const PRODUCT_IMAGE_LIMIT = MAX_PRODUCT_IMAGES;
/**
 * The images sent with a new product: the shop shows every product by its first image, so one is
 * required. The add-product form checks this before sending and the server again.
 */
export const ProductImagesSchema = z.array(z.unknown()).min(1, 'Add at least one product image');

/** The `productData` JSON of POST /api/product/update: the product's id and the fields that change. */
export const ProductUpdateInputSchema = z.strictObject(productFields).partial().extend({ id: IdSchema });
export type ProductUpdateInput = z.infer<typeof ProductUpdateInputSchema>;

/** POST /api/product/stock: the spec's `{id, inStock}`, or `{id, stock}` to set the count (issue 16). */
export const StockInputSchema = z
  .strictObject({
    id: IdSchema,
    inStock: z.boolean({ message: 'inStock must be true or false' }).optional().meta({ description: 'In stock or not (the spec\'s toggle); a counted product with no units left cannot be put in stock this way (409 NO_UNITS_LEFT). Send this or `stock`, not both' }),
    stock: StockCountSchema.optional().meta({ description: 'The unit count: 0 takes the product out of stock, more puts it back. Send this or `inStock`, not both' }),
  })
  .refine((input) => (input.inStock === undefined) !== (input.stock === undefined), { message: 'Send either inStock or stock' })
  .meta({ description: 'The product\'s `id` and exactly one of `inStock` or `stock`: neither, or both, is refused (400 "Send either inStock or stock")' });
export type StockInput = z.infer<typeof StockInputSchema>;

/** "Tell me when it's back" (decision 0290): the product a shopper waits for, in a body or the query. */
export const StockAlertInputSchema = z.strictObject({ productId: IdSchema.meta({ description: 'The product, out of stock, the shopper wants to hear of when it is back' }) });
export type StockAlertInput = z.infer<typeof StockAlertInputSchema>;

export const MODERATION_REASON_MAX = 500;
/** POST /api/product/delete: retires the product (issue 16); the operator's reason when it is another shop's (decision 0229). */
export const RetireProductInputSchema = z.strictObject({
  id: IdSchema,
  // Lines are allowed: it is a message to the shop, in the e-mail's body (as a suspension's reason).
  reason: z.string().trim().max(MODERATION_REASON_MAX, `The reason must be at most ${MODERATION_REASON_MAX} characters`).optional(),
});

// ---- orders ----
// Strict, as every write's body: a misspelt key (`expectedtotal`, `cupon`) placed the order without its check or discount.
export const PlaceOrderInputSchema = z.strictObject({
  /** Sent by the spec's client; ignored: the user comes from the session. */
  userId: z.unknown().optional(),
  items: z
    .array(z.strictObject({ product: IdSchema, quantity: QuantitySchema, substitute: SubstitutePreferenceSchema.optional() }), { message: 'Items are required' })
    .min(1, 'Your cart is empty')
    .max(CART_MAX_LINES, `An order holds at most ${CART_MAX_LINES} different products`),
  // No address chosen: the spec's client says 'please select and address' before it asks; a client that does not is
  // told as much, not "Must be a valid id" (a probe).
  address: z.uuid({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Select a delivery address' : 'Must be a valid id') }).toLowerCase(),
  /** Issue 28: the window each shop that asks for one delivers in, by shop id (its start, ISO 8601). */
  deliverySlots: DeliverySlotsChoiceSchema.optional(),
  /** A coupon code (issue 29): checked again and its use taken with the orders. */
  coupon: z.string().trim().min(1).max(32).optional(),
  /**
   * The total the shopper was shown, in rupees (decision 0223): when the checkout now costs another amount (a price
   * changed since the cart was read), nothing is placed and the answer is 409 PRICES_CHANGED with the new total.
   */
  expectedTotal: z
    .number({ message: 'expectedTotal must be a number' })
    .min(0, 'expectedTotal cannot be negative')
    // No checkout costs a trillion rupees: 1e308 was refused as having "more than 2 decimals" (a probe).
    .max(1e12, { message: 'expectedTotal is too large', abort: true })
    .refine(isWholePaise, 'expectedTotal has at most 2 decimals')
    .meta({ description: 'The total the shopper was shown, in rupees with at most 2 decimals: another total now refuses the checkout with 409 PRICES_CHANGED' })
    .optional(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { message: 'Unknown order status' });
export const PaymentTypeSchema = z.enum(PAYMENT_TYPES);

/** Why an order is cancelled (decision 0288): one line of text, trimmed; `told` says who reads it. */
const cancelReason = (told: string) =>
  requiredText('The reason', CANCEL_REASON_MAX).meta({ description: `Why the order is cancelled, told to ${told} (at most ${CANCEL_REASON_MAX} characters, one line)` }).optional();

/**
 * POST /api/order/status. `reason` goes with a cancel only (decision 0288): the shopper reads it on My Orders and in
 * the cancel's e-mail.
 */
export const OrderStatusInputSchema = z
  .strictObject({ orderId: IdSchema, status: OrderStatusSchema, reason: cancelReason('the shopper; with status Cancelled only') })
  .refine((input) => input.reason === undefined || input.status === 'Cancelled', { path: ['reason'], message: 'A reason goes with a cancel only' });

/** Who cancelled: the shopper, the shop, or the marketplace's operator cancelling another shop's order (a suspended one's); null when not cancelled or when its payment lapsed. */
export const CANCELLED_BY = ['shopper', 'seller', 'operator'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** `GC-100234`: an order's number as people read it (decision 0143). */
export const ORDER_NUMBER_PREFIX = 'GC-';
/**
 * POST /api/order/pick (issue 28): what the seller picked per ordered line: `picked` units of it, and for a
 * line whose shopper accepts a replacement, optionally a substitute product supplying the missing units. A line
 * not named was picked in full.
 */
export const OrderPickInputSchema = z.strictObject({
  orderId: IdSchema,
  lines: z
    .array(
      z.strictObject({
        product: IdSchema,
        picked: z.int('picked must be a whole number').min(0, 'picked cannot be negative').max(QUANTITY_MAX, `picked is at most ${QUANTITY_MAX}`),
        substituteProduct: IdSchema.optional(),
      }),
      { message: 'lines are required' },
    )
    .min(1, 'Name at least one line')
    .max(CART_MAX_LINES, `An order holds at most ${CART_MAX_LINES} lines`),
});
export type OrderPickInput = z.infer<typeof OrderPickInputSchema>;

export const OrderSchema = z.object({
  _id: z.string(),
  /** Its short number (issue 28), `GC-` and six or more digits: what e-mails, screens and the CSV show. */
  orderNumber: z.string(),
  userId: z.string(),
  /**
   * The shop the order is for: a checkout places one order per shop (issue 26). The operator's answers in the seller
   * area add another shop's standing (`status`): it marks a cash order Delivered only for a shop no longer approved (0277).
   */
  seller: ShopRefSchema.extend({ status: z.enum(SELLER_STATUSES).optional() }),
  /** The checkout that placed it, shared by its shops' orders; My Orders groups by it. */
  checkoutId: z.string(),
  items: z.array(
    z.object({
      product: z.object({
        _id: z.string(),
        name: z.string(),
        category: z.string(),
        image: z.array(z.string()),
        offerPrice: z.number(),
      }),
      /** What the shopper ordered (a substitute line: the units it supplies). */
      quantity: z.number(),
      /** Substitutions (issue 28): the shopper's preference for the line. */
      substitute: SubstitutePreferenceSchema,
      /** Units the seller picked; null until the picks are recorded. */
      picked: z.number().nullable(),
      /** On a substitute line: the product id of the ordered line whose missing units it supplies; otherwise null. */
      substituteFor: z.string().nullable(),
      /** The line's share of the coupon discount (issue 29): it paid offerPrice × quantity − discount. */
      discount: z.number(),
    }),
  ),
  /** When the seller recorded the picks (issue 28), or null. */
  pickedAt: z.string().nullable(),
  /** How much the picks took off the total (major units): refunded to a card, not collected on delivery. */
  pickReduction: z.number(),
  /** Total paid (goods − discount + tax + delivery fee), major units. */
  amount: z.number(),
  /** The delivery fee charged on this order, major units (issue 28; included in `amount`). */
  deliveryFee: z.number(),
  /** The tax charged on this order's goods, major units (included in `amount`; none on the delivery fee). */
  tax: z.number(),
  /** The window the shop delivers in (issue 28), null when the shop offers no windows. */
  deliverySlot: DeliverySlotSchema.nullable(),
  /** The coupon code used at checkout (issue 29), or null (a shop's own coupon on another shop's order of the checkout: null); `discount` is this shop order's share of it. */
  coupon: z.string().nullable(),
  discount: z.number(),
  /**
   * Who bears `discount` (null when there is none): the marketplace's operator (its coupon: the shop is credited the
   * order as if undiscounted) or the shop (its own coupon). The shop's order view says so.
   */
  discountPaidBy: z.enum(['operator', 'shop']).nullable(),
  address: AddressSchema,
  paymentType: PaymentTypeSchema,
  status: OrderStatusSchema,
  isPaid: z.boolean(),
  /** A paid online order that was cancelled and refunded (beyond the spec's fields). */
  isRefunded: z.boolean(),
  createdAt: z.string(),
  /** Who cancelled it (issue 28). */
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** The reason given with its cancel (decision 0288), whoever cancelled it (`cancelledBy`), or null. */
  cancelReason: z.string().nullable(),
  /**
   * Every status the order took, oldest first, with its time (issue 16; My Orders only). 'Refunded' is a
   * payment event shown in its place on the timeline (docs/decisions/0079).
   */
  timeline: z.array(z.object({ status: z.enum(TIMELINE_STATUSES), at: z.string() })).optional(),
}).meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** POST /api/order/cancel and /api/order/reorder (issue 28): one of the shopper's orders. */
export const OrderIdInputSchema = z.strictObject({ orderId: IdSchema });
/**
 * POST /api/order/cancel: `wholeCheckout` cancels every order of the order's checkout the shopper may still cancel, in one
 * transaction: what a coupon's minimum asks when one order alone may not go (docs/decisions/0263). `reason`: the
 * shopper's, which the shop reads (decision 0288).
 */
export const OrderCancelInputSchema = OrderIdInputSchema.extend({ wholeCheckout: z.boolean().optional(), reason: cancelReason('the shop') });

/** GET /api/order/buy-again: a page of the products the shopper bought, most often first (BUY_AGAIN_PAGE_MAX: constants.ts). */
export const BuyAgainQuerySchema = z.strictObject({
  limit: pageSize(12, BUY_AGAIN_PAGE_MAX, 'Products'),
  /** The opaque `nextCursor` of the page before. */
  cursor: z.string().regex(/^\d{1,4}$/, 'Not a cursor of this list').optional().meta({ description: "The page after the previous one: that answer's `nextCursor`, a number (not given: the first page)" }),
});
export type BuyAgainQuery = z.infer<typeof BuyAgainQuerySchema>;

/** Why a line of a past order did not go (whole) into the cart again (issue 28). */
export const REORDER_LEFT_OUT_REASONS = ['no-longer-sold', 'out-of-stock', 'fewer-left', 'quantity-limit', 'cart-full'] as const;
export type ReorderLeftOutReason = (typeof REORDER_LEFT_OUT_REASONS)[number];
