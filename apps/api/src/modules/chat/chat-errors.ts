import { AppError } from '../../lib/app-error.js';

/** Chat failures the widget may see; details of upstream failures stay in the server log. */
export const chatRateLimited = () => new AppError('CHAT_RATE_LIMITED', 'Too many chat messages. Please wait a minute and try again.');
export const chatUpstreamFailed = () => new AppError('CHAT_UPSTREAM_FAILED', 'The assistant is not available right now. Please try again.');
export const chatUpstreamTimeout = () => new AppError('CHAT_UPSTREAM_TIMEOUT', 'The assistant took too long to answer. Please try again.');
