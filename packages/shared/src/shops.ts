import { z } from 'zod';
import { EmailSchema, IdSchema, PageCursorSchema, PasswordSchema, PhoneSchema, requiredText, pageSize, ShopRefSchema, ShopSearchSchema, withoutInvisible, writtenOneWay } from './schemas.js';
import { SELLER_ROLES, SELLER_STATUSES, SELLER_REASON_MAX } from './constants.js';

/**
 * The marketplace's shops (issue 26): a seller applies with its shop, confirms its e-mail, and waits for
 * the operator (the account of SELLER_EMAIL, owner of the first shop) to approve it. Shapes of the calls
 * under /api/seller that are about shops and accounts.
 */

/** The operator's own shop, made by the migration and the first start (docs/decisions/0115). */
export const FIRST_SHOP = { shopName: 'GreenCart', slug: 'greencart' } as const;

export const SHOP_NAME_MAX = 60;

/** A shop's name as its owner's: "Asha Greens'" for a name ending in s ("Asha Greens's" read wrong to an operator's probe), "Ravi's" otherwise. */
export const shopsOwn = (shopName: string) => (/s$/i.test(shopName) ? `${shopName}'` : `${shopName}'s`);

/** Alphabets with letters drawn as Latin ones (Unicode's confusables): Cyrillic С, Greek Α, Armenian ո, Cherokee Ꮐ, Lisu ꓖ… */
const LATIN_LOOK_ALIKE_SCRIPTS =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Lisu}\p{Script=Coptic}\p{Script=Canadian_Aboriginal}\p{Script=Tifinagh}\p{Script=Osage}\p{Script=Vai}]/u;

/** Typographic marks as the ASCII ones they are read as, which a name's comparison leaves out (decision 0222). */
const TYPOGRAPHIC: Record<string, string> = { '·': '.', '•': '.', '‧': '.', '‘': "'", '’': "'", '‛': "'", '“': '"', '”': '"', '„': '"', '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-' };
/**
 * A shop's name written one way (decision 0222), without trade marks (NFKC spelt "Green Cart™" "Green CartTM", no longer
 * the store's name to the check) and with its typographic marks as ASCII ("Daily Bakehouse·" passed for a new name).
 */
const TYPOGRAPHIC_MARKS = new RegExp(`[${Object.keys(TYPOGRAPHIC).join('')}]`, 'gu');
const shopNameOneWay = (name: string) => writtenOneWay(name.replace(/[™℠®©]/gu, '').replace(TYPOGRAPHIC_MARKS, (mark) => TYPOGRAPHIC[mark]!)).trim();

/** POST /api/seller/register: the application of a new shop. */
export const SellerRegisterInputSchema = z.strictObject({
  // One way to write a name (decision 0222): full-width and other compatibility letters as their plain forms (NFKC),
  // a run of spaces as one, no invisible characters, so no name passes for another's ("ＧreenCart", "Green\u200BCart").
  shopName: requiredText('Shop name', SHOP_NAME_MAX)
    .refine((name) => name === '' || /[\p{L}\p{N}]/u.test(name), 'Shop name needs a letter or a digit')
    .refine(withoutInvisible, 'Shop name cannot contain invisible characters')
    // Latin letters beside another alphabet's that look the same ("GrееnCart" with Cyrillic е, "ꓖreenCart" with a Lisu ꓖ)
    // pass for another shop's name. Alphabets without Latin look-alikes (Devanagari, Tamil…) mix freely.
    .refine((name) => !(/\p{Script=Latin}/u.test(name) && LATIN_LOOK_ALIKE_SCRIPTS.test(name)), 'Shop name mixes Latin letters with look-alike letters of another alphabet (Cyrillic, Greek, Cherokee…): write it in one alphabet')
    .transform(shopNameOneWay),
  name: requiredText('Name', 100),
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema,
  pickupAddress: requiredText('Pickup address', 300),
});
export type SellerRegisterInput = z.infer<typeof SellerRegisterInputSchema>;

/**
 * POST /api/seller/profile: what a shop may change of its own profile; its slug (its address) stays (0171). Whether it
 * is e-mailed its new orders (0250): kept as it is when not sent (a call written before it).
 */
export const ShopProfileInputSchema = SellerRegisterInputSchema.pick({ shopName: true, phone: true, pickupAddress: true }).extend({
  orderMails: z.boolean({ message: 'New-order e-mails must be on (true) or off (false)' }).optional(),
});
export type ShopProfileInput = z.infer<typeof ShopProfileInputSchema>;

/** GET and POST /api/seller/profile: the signed-in shop's own profile, as its profile form shows it. */
// Plain strings: the operator's own shop (made by migration 0019) has no phone or pickup address until it saves one.
export const OwnShopProfileSchema = z.object({
  shopName: z.string(),
  slug: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  pickupAddress: z.string(),
  orderMails: z.boolean(),
});
export type OwnShopProfile = z.infer<typeof OwnShopProfileSchema>;
export const OwnShopProfileAnswerSchema = z.object({ success: z.literal(true), message: z.string(), profile: OwnShopProfileSchema });
export type OwnShopProfileAnswer = z.infer<typeof OwnShopProfileAnswerSchema>;

/** POST /api/seller/confirm/resend: a new confirmation link for an application not confirmed yet. */
export const SellerConfirmResendInputSchema = z.strictObject({ email: EmailSchema });
export type SellerConfirmResendInput = z.infer<typeof SellerConfirmResendInputSchema>;

/** The signed-in seller as GET /api/seller/is-auth describes it: whose shop, what it may do, and why not. */
export const SellerAccountSchema = ShopRefSchema.extend({
  role: z.enum(SELLER_ROLES),
  status: z.enum(SELLER_STATUSES),
  /** The e-mail the seller signs in with (the seller's own: its seller area sends the confirmation link to it again). */
  email: z.string(),
  /** False until the link of the registration e-mail is opened (then the application waits for the operator). */
  emailConfirmed: z.boolean(),
  /** What the operator wrote when it last changed the shop's status (why it is suspended), if anything. */
  statusReason: z.string().nullable(),
  /** Suspended before it was ever approved: the operator declined its application (statusReason says why). */
  declined: z.boolean(),
});
export type SellerAccount = z.infer<typeof SellerAccountSchema>;

/** A shop in the operator's list of applications and shops. */
export const SellerListItemSchema = SellerAccountSchema.extend({
  name: z.string(),
  phone: z.string(),
  pickupAddress: z.string(),
  /** ISO time of the application. */
  createdAt: z.string(),
  statusChangedAt: z.string().nullable(),
  /** ISO time the shop's name last changed (null: never since it applied). */
  renamedAt: z.string().nullable(),
  /** The shop's own commission in percent, or null when the default applies. */
  commissionPercent: z.number().nullable(),
});
export type SellerListItem = z.infer<typeof SellerListItemSchema>;

export const SELLER_PAGE_SIZE = 50;
/** GET /api/seller/sellers?status=&q=: oldest application first, a page at a time (`cursor`: the last id). */
export const SellerListQuerySchema = z.strictObject({
  status: z.enum(SELLER_STATUSES).optional().meta({ description: 'Only the shops of this status: pending (applications), approved or suspended' }),
  q: ShopSearchSchema,
  cursor: PageCursorSchema.optional(),
  limit: pageSize(SELLER_PAGE_SIZE, SELLER_PAGE_SIZE, 'Shops'),
});
export type SellerListQuery = z.infer<typeof SellerListQuerySchema>;

export const SellerListAnswerSchema = z.object({
  success: z.literal(true),
  sellers: z.array(SellerListItemSchema),
  nextCursor: z.string().nullable(),
  /** Applications waiting for the operator (pending, e-mail confirmed), whatever the list shows: the screen points to them among many shops. */
  pending: z.number().int().min(0),
  message: z.string(),
});

/** POST /api/seller/sellers/status: the operator approves (or reinstates) or suspends a shop. */
export const SellerStatusInputSchema = z
  .strictObject({
    sellerId: IdSchema,
    status: z.enum(['approved', 'suspended'], { message: "status must be 'approved' or 'suspended'" }),
    // Required to suspend or decline (the seller is told why, decision 0229): asked by the server, which knows whether the
    // shop is an application, so the refusal speaks of declining it (0252, amended).
    reason: z.string().trim().max(SELLER_REASON_MAX, `The reason must be at most ${SELLER_REASON_MAX} characters`).optional(),
  });
export type SellerStatusInput = z.infer<typeof SellerStatusInputSchema>;

export const SellerStatusAnswerSchema = z.object({ success: z.literal(true), message: z.string(), seller: SellerListItemSchema });

/** POST /api/seller/register answers the new account (signed in, pending until confirmed and approved). */
export const SellerRegisterAnswerSchema = z.object({ success: z.literal(true), message: z.string(), seller: SellerAccountSchema });

/**
 * GET /api/seller/confirm?token=: the e-mailed link. Other keys are let through (a mail's link checker or tracker adds
 * `utm_source` and the like, and the link must still work); a token given twice is not one token.
 */
export const SellerConfirmQuerySchema = z.object({
  token: z
    // Given twice (a list), the error handler says "Give token once", as for every query parameter.
    .string({ message: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is too long')
    .meta({ description: 'The token of the e-mailed confirmation link, sent once' }),
});

/** GET /api/seller/shop/:slug: a shop's public profile; its products come from the list calls with `?seller=`. */
export const ShopProfileSchema = ShopRefSchema.extend({
  /** ISO time the shop joined. */
  since: z.string(),
});
export type ShopProfile = z.infer<typeof ShopProfileSchema>;
export const ShopProfileAnswerSchema = z.object({ success: z.literal(true), shop: ShopProfileSchema, message: z.string() });
