/**
 * The NOTIFY channels of the change feeds (docs/decisions/0060, 0080, 0083, 0088): triggers send on them for
 * every writer, and checkout's writes are announced by the application after its commit (0086).
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
export const ORDERS_CHANNEL = 'orders_changed';
export const MAIL_QUEUED_CHANNEL = 'mail_queued';
export const SESSIONS_CHANNEL = 'sessions_changed';
