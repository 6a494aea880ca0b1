export * from './categories.js';
export * from './constants.js';
export * from './money.js';
export * from './images.js';
export * from './schemas.js';
export * from './chat.js';
export * from './chat-context.js';
export * from './seller.js';
