import { AppError } from '../../lib/app-error.js';

/** Chat failures the widget may see; details of upstream failures stay in the server log. */
export const chatRateLimited = () => new AppError('CHAT_RATE_LIMITED', 429, 'Too many chat messages. Please wait a minute and try again.');
export const chatUpstreamFailed = () => new AppError('CHAT_UPSTREAM_FAILED', 502, 'The assistant is not available right now. Please try again.');
export const chatUpstreamTimeout = () => new AppError('CHAT_UPSTREAM_TIMEOUT', 504, 'The assistant took too long to answer. Please try again.');
