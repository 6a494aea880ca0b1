import { AppError } from './app-error.js';

/** PostgreSQL's text cannot hold U+0000: a statement carrying one fails (docs/decisions/0218). */
export const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000)';
const LONE_SURROGATE_MESSAGE = 'Text cannot contain a lone surrogate (half of a character, U+D800-U+DFFF)';
/** Half of a UTF-16 pair without its other half: JSON's `"\ud800"`. jsonb refuses it (a 500); text kept it as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why the database cannot hold `text` as it is, or undefined when it can. */
const unstorable = (text: string): string | undefined => (text.includes(NUL) ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : undefined);

/** Where a value holds text the database cannot hold, and why. */
export interface UnstorableText {
  /** As `body.items.0.note`, `querystring.q`. */
  path: string;
  message: string;
}

/**
 * Where `value` (a request's parsed query, path parameters or JSON body) holds a string (or a key) with a NUL character
 * or a lone surrogate; undefined when it holds none. Walked without recursion: a body may nest deeply.
 */
export function unstorableText(value: unknown, root: string): UnstorableText | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      const message = unstorable(item);
      if (message) return { path, message };
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const message = unstorable(key);
        if (message) return { path, message };
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** A 400 naming the field, in the shape of a schema's refusal (`name: …`, `issues`). */
export function unstorableTextRefusal({ path, message }: UnstorableText): AppError {
  const field = path.replace(/^body\.?/, '');
  return new AppError('VALIDATION_FAILED', field ? `${field}: ${message}` : message, [{ path, message }]);
}

const NOT_UTF8_MESSAGE = 'The body is not UTF-8 text';

/** A JSON body whose bytes are not UTF-8 (decoded leniently, each bad byte became U+FFFD and was stored so). */
export const notUtf8Body = (): AppError => new AppError('VALIDATION_FAILED', NOT_UTF8_MESSAGE, [{ path: 'body', message: NOT_UTF8_MESSAGE }]);
