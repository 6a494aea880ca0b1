/**
 * Every error code the API answers with, its HTTP status and what it means: the one catalogue the
 * server throws from (`AppError` takes a code and reads its status here), the web switches on and the
 * OpenAPI document lists per route (docs/decisions/0113). An error body is always
 * `{ success: false, message, code, issues? }`.
 */
export const ERROR_CODES = {
  // Any route (`anyRoute`): the framework's and the server's own, whatever the call
  VALIDATION_FAILED: { status: 400, description: 'The request does not match the call\'s schema; `issues` name the fields.', anyRoute: true },
  BAD_REQUEST: { status: 400, description: 'A client error Fastify raised without a code of its own.', anyRoute: true },
  MALFORMED_REQUEST: { status: 400, description: 'The request is not valid HTTP.', anyRoute: true },
  CROSS_SITE_REQUEST: { status: 403, description: 'A state-changing call came from another site.', anyRoute: true },
  ROUTE_NOT_FOUND: { status: 404, description: 'No API route has this method and path.', anyRoute: true },
  REQUEST_TIMEOUT: { status: 408, description: 'The request did not arrive in time.', anyRoute: true },
  BODY_TOO_LARGE: { status: 413, description: 'The body is larger than this call accepts.', anyRoute: true },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The body is of a type this call does not read (its Content-Type): JSON, or multipart for uploads.', anyRoute: true },
  HEADERS_TOO_LARGE: { status: 431, description: 'The request headers are too large.', anyRoute: true },
  INTERNAL_ERROR: { status: 500, description: 'An unexpected failure; the details are only in the server log.', anyRoute: true },
  DATABASE_BUSY: { status: 503, description: 'The database stayed busy after retries; try again.', anyRoute: true },
  DATABASE_UNAVAILABLE: { status: 503, description: 'The database cannot be reached right now (restarting, failing over, out of connections); try again.', anyRoute: true },
  STORAGE_FULL: { status: 507, description: "The shop's disk is full: nothing of the call was saved; try again later.", anyRoute: true },
  SHUTTING_DOWN: { status: 503, description: 'This instance is stopping; another one takes the call.', anyRoute: true },
  // Sessions
  NOT_AUTHENTICATED: { status: 401, description: 'No valid session for this call.' },
  INVALID_CREDENTIALS: { status: 401, description: 'Unknown e-mail or wrong password.' },
  RESET_LINK_INVALID: { status: 400, description: 'The link to set a new password has expired, was used already, or is not one GreenCart sent: ask for a new one.' },
  FORBIDDEN: { status: 403, description: 'The session is not allowed this call (a shopper on a seller call).' },
  EMAIL_TAKEN: { status: 409, description: 'An account with this e-mail already exists.' },
  TOO_MANY_ATTEMPTS: { status: 429, description: 'Too many login or sign-up attempts from this address or browser.' },
  TOO_MANY_FAILED_LOGINS: { status: 429, description: 'Too many failed logins; wait before trying again.' },
  // Catalogue, cart, addresses
  PRODUCT_NOT_FOUND: { status: 404, description: 'No such product.' },
  SITEMAP_FILE_NOT_FOUND: { status: 404, description: 'No sitemap file has this number: /sitemap.xml names the files there are (1, 2, …, as it writes them).' },
  IMAGE_NOT_FOUND: { status: 404, description: 'No stored image has this name: a product\'s `image` list gives the names there are.' },
  UNKNOWN_PRODUCT: { status: 400, description: 'An order line names a product that does not exist.' },
  DUPLICATE_ITEM: { status: 400, description: 'The same product appears twice in an order.' },
  CART_OWNER_CHANGED: { status: 409, description: 'A cart saved for another account than the one signed in now (another tab of the browser signed in or out since): not saved.' },
  ADDRESS_NOT_FOUND: { status: 404, description: 'The delivery address is not one of the shopper\'s.' },
  ADDRESS_LIMIT: { status: 409, description: 'The shopper has saved as many addresses as allowed.' },
  PRODUCT_IN_STOCK: { status: 409, description: 'An alert is asked for a product that is in stock now: it can be bought (decision 0290).' },
  // Orders and payment
  OUT_OF_STOCK: { status: 409, description: 'A product of the order is out of stock.' },
  NOT_ENOUGH_STOCK: { status: 409, description: 'Fewer units are left than the order asks for.' },
  CHECKOUT_IN_PROGRESS: { status: 409, description: "The payment page of this cart, or of the shopper's card checkout just sent, is still being prepared." },
  ONLINE_PAYMENT_UNAVAILABLE: { status: 409, description: 'Online payment is not configured; choose cash on delivery.' },
  CARD_TOTAL_TOO_SMALL: { status: 409, description: 'The checkout costs less than a card payment can take (Rs 0.50; a coupon may make it free); choose cash on delivery.' },
  COD_TOTAL_TOO_LARGE: { status: 409, description: 'The checkout costs more than is paid in cash on delivery (Rs 50,000 at most); pay online or split the order.' },
  CARD_TOTAL_TOO_LARGE: { status: 409, description: 'The checkout costs more than one card payment can take (Rs 9,99,999.99, Stripe\'s 8 digits); choose cash on delivery or split the order.' },
  PAYMENT_PROVIDER_FAILED: { status: 502, description: 'The payment provider could not be reached.' },
  PAYMENT_SESSION_NOT_FOUND: { status: 404, description: 'No such payment session.' },
  STRIPE_NOT_CONFIGURED: { status: 404, description: 'This shop has no Stripe webhook secret.' },
  INVALID_SIGNATURE: { status: 400, description: 'The webhook signature does not verify.' },
  // Seller: products, import, fulfilment
  INVALID_PRODUCT: { status: 400, description: 'The product form is not valid.' },
  INVALID_IMAGE: { status: 400, description: 'An uploaded image cannot be read.' },
  INVALID_IMPORT_FILE: { status: 400, description: 'The catalogue file or image archive cannot be read.' },
  IMPORT_INVALID_ROWS: { status: 400, description: 'Rows of the catalogue file are invalid; `issues` name row and column.' },
  ORDER_NOT_FOUND: { status: 404, description: 'No such order of this seller.' },
  INVALID_STATUS_CHANGE: { status: 409, description: 'The order cannot move to that status from its current one.' },
  CASH_DELIVERY_BY_SHOP: {
    status: 409,
    description: "The operator does not mark an approved shop's cash-on-delivery order Delivered: that says the shop's rider collected the cash, which only the shop knows (a suspended shop's, it may).",
  },
  MODERATION_REASON_REQUIRED: { status: 400, description: "The operator removing another shop's product gives no reason (the shop is told why)." },
  REMOVED_BY_OPERATOR: { status: 409, description: 'The operator removed this product (moderation): only the operator restores it.' },
  NO_UNITS_LEFT: { status: 409, description: 'A product with no units left cannot be put back in stock without a stock count above 0.' },
  REFUND_FAILED: { status: 502, description: 'The payment could not be refunded, so the order was not cancelled.' },
  // Substitutions and picks (issue 28)
  PICK_NOT_ALLOWED: { status: 409, description: 'Picks are recorded only before the order is packed (and a card order once paid).' },
  PICKS_ALREADY_RECORDED: { status: 409, description: 'This order\'s picks were already recorded differently; they are recorded once.' },
  INVALID_PICK: { status: 400, description: 'A pick names a line not in the order, twice, more units than ordered, or a substitute where nothing is missing.' },
  SUBSTITUTE_NOT_ALLOWED: { status: 409, description: 'The shopper asked not to replace this line.' },
  SUBSTITUTE_UNAVAILABLE: { status: 409, description: 'The substitute is not a product this shop sells now, or has too few units left.' },
  CHECKOUT_CLOSE_FAILED: { status: 502, description: 'The open payment page could not be closed, so the order was not cancelled.' },
  // Delivery: zones, fees, minimum, windows (issue 28)
  SHOP_DOES_NOT_DELIVER: { status: 409, description: 'A shop of the cart does not deliver to the address\'s pincode; nothing was written.' },
  BELOW_MINIMUM_ORDER: { status: 409, description: 'A shop\'s part of the cart is under its minimum order; the message says how much is missing, and `shortOfMinimum` gives each shop\'s amounts in rupees.' },
  DELIVERY_SLOT_REQUIRED: { status: 400, description: 'A shop of the cart delivers in windows: `deliverySlots` must name one of its offered windows.' },
  DELIVERY_SLOT_INVALID: { status: 400, description: '`deliverySlots` names a shop that is not in the cart or that offers no windows.' },
  DELIVERY_SLOT_NOT_OFFERED: { status: 409, description: 'The chosen window is not offered (past its cut-off, too far ahead, or not the shop\'s).' },
  DELIVERY_SLOT_FULL: { status: 409, description: 'The chosen delivery window has no place left; the message names it.' },
  // Marketplace money: commission, ledger, payouts (issue 26)
  PRICES_CHANGED: { status: 409, description: 'Prices of the cart kept changing while the order was placed; review the cart and try again.' },
  COUPON_MINIMUM_ON_CANCEL: {
    status: 409,
    description: "Cancelling this order alone would leave the checkout's other orders under its coupon's minimum: keep it, or cancel the whole checkout (`wholeCheckout: true`).",
  },
  ORDER_NOT_CANCELLABLE: { status: 409, description: 'The shopper can no longer cancel the order (it is packed, on its way, delivered or cancelled by the shop).' },
  ORDER_NOT_REFUNDABLE: { status: 409, description: 'Only a delivered order not yet refunded can be refunded.' },
  OWN_SHOP_NO_COMMISSION: { status: 400, description: 'The operator\'s own shop pays no commission: it has no rate to set.' },
  OWN_SHOP_NO_PAYOUT: { status: 409, description: 'The operator\'s own shop is not paid out: its sales are the marketplace\'s own money already.' },
  PAYOUT_EXCEEDS_BALANCE: { status: 409, description: 'A payout cannot be more than the shop\'s balance.' },
  PAYMENT_EXCEEDS_DEBT: { status: 409, description: 'A payment from a shop is recorded only up to what the shop owes GreenCart.' },
  PAYOUT_KEY_REUSED: { status: 409, description: 'This payout key already paid another shop or amount.' },
  PAYOUT_FOUND_AT_STRIPE: { status: 409, description: "Transfers Stripe made to the shop under other payout keys, whose answers were lost, were recorded now; this payout was not made." },
  PAYOUT_ACCOUNT_CONNECTED_BY_SHOP: {
    status: 409,
    description: 'The shop connected this payout account itself through Stripe: disconnect it (stripeAccountId null) before setting another.',
  },
  PAYOUT_ACCOUNT_TAKEN: { status: 409, description: 'This Stripe account already receives another shop\'s payouts: one account pays one shop.' },
  PAYOUTS_MANUAL: { status: 409, description: 'Stripe is not configured on this marketplace: payouts are recorded by hand, there is no account to connect.' },
  CONNECT_FAILED: { status: 502, description: 'Stripe did not answer about the shop\'s payout account (creating it, its onboarding page or its status). Try again.' },
  TRANSFER_FAILED: { status: 502, description: 'The payment provider did not make the transfer, so no payout was recorded.' },
  // Marketplace: shops and their accounts (issue 26)
  SHOP_NOT_APPROVED: { status: 403, description: 'The shop is waiting for approval or suspended: it can sign in and read, not write.' },
  OPERATOR_ONLY: { status: 403, description: 'Only the operator (the marketplace\'s own account) can do this.' },
  SELLER_NOT_FOUND: { status: 404, description: 'No such shop account.' },
  SHOP_NOT_FOUND: { status: 404, description: 'No approved shop has this address.' },
  SHOP_NAME_TAKEN: { status: 409, description: 'Another shop has this name (in any letter case).' },
  INVALID_CONFIRMATION_LINK: { status: 400, description: 'The e-mail confirmation link is not valid.' },
  CONFIRMATION_LINK_EXPIRED: { status: 400, description: 'The e-mail confirmation link has expired before the e-mail was confirmed: ask for a new one.' },
  INVALID_SELLER_STATUS_CHANGE: { status: 409, description: 'The shop cannot get this status (the operator\'s own, or an unconfirmed e-mail).' },
  // Coupons (issue 29)
  COUPON_UNKNOWN: { status: 404, description: 'No coupon has this code.' },
  COUPON_PAUSED: { status: 409, description: 'The coupon exists but is paused by the shop or the operator that made it.' },
  COUPON_NOT_STARTED: { status: 409, description: 'The coupon is not valid yet.' },
  COUPON_EXPIRED: { status: 409, description: 'The coupon has expired.' },
  COUPON_USED_UP: { status: 409, description: 'Every use of the coupon is taken.' },
  COUPON_ALREADY_USED: { status: 409, description: 'The shopper has used the coupon as often as it allows.' },
  COUPON_FIRST_ORDER_ONLY: { status: 409, description: 'The coupon is for a shopper\'s first order only.' },
  COUPON_NOT_APPLICABLE: { status: 409, description: 'Nothing in the cart is in the coupon\'s scope.' },
  COUPON_MINIMUM_NOT_REACHED: { status: 409, description: 'The cart\'s lines in scope are below the coupon\'s minimum; the message says by how much.' },
  COUPON_CODE_TAKEN: { status: 409, description: 'A coupon with this code (in any case) already exists.' },
  COUPON_NOT_FOUND: { status: 404, description: 'No such coupon of this shop.' },
  COUPON_USED: { status: 409, description: 'The coupon was used by a checkout: it stays with its orders and its code with it; pause it instead.' },
  TOO_MANY_COUPONS: { status: 409, description: 'The shop has as many coupons that have not ended as a shop may hold: end or delete one first.' },
  PAUSED_BY_OPERATOR: { status: 409, description: 'GreenCart paused this coupon of the shop: only GreenCart resumes it.' },
  INVALID_COUPON: { status: 400, description: 'The coupon form is not valid (a product not of this shop, an end already passed).' },
  TOO_MANY_COUPON_CHECKS: { status: 429, description: 'Too many coupon codes tried; wait before trying again.' },
  // Chat
  CHAT_RATE_LIMITED: { status: 429, description: 'Too many chat messages; wait a minute.' },
  CHAT_UPSTREAM_FAILED: { status: 502, description: 'The assistant is not available.' },
  CHAT_UPSTREAM_TIMEOUT: { status: 504, description: 'The assistant took too long to answer.' },
} as const satisfies Record<string, { status: number; description: string; anyRoute?: true }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes any call may answer (`anyRoute` above): the document says so once, not on each call. */
export const ANY_ROUTE_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => 'anyRoute' in ERROR_CODES[code]);

/**
 * Fastify's own client errors keep their `FST_…` codes (an undecodable URL is `FST_ERR_BAD_URL`); they
 * are not listed one by one because they come from the framework, not from the shop's rules.
 */
export type FrameworkErrorCode = `FST_${string}`;

/** What the `code` of an error body can be. */
export type ApiErrorCode = ErrorCode | FrameworkErrorCode;

export const errorStatus = (code: ErrorCode): number => ERROR_CODES[code].status;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);
