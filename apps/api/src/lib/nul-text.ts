import { AppError } from './app-error.js';

/** PostgreSQL's text cannot hold U+0000: a statement carrying one fails (docs/decisions/0218). */
export const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain a NUL character (U+0000)';

/**
 * Where `value` (a request's parsed query, path parameters or JSON body) holds a string with a NUL character, as a
 * path (`body.items.0.note`, `querystring.q`); undefined when it holds none. Walked without recursion: a body may
 * nest deeply.
 */
export function nulPath(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return path;
        pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** A 400 naming the field, in the shape of a schema's refusal (`name: …`, `issues`). */
export function nulRefusal(path: string): AppError {
  const field = path.replace(/^body\.?/, '');
  return new AppError('VALIDATION_FAILED', field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, [{ path, message: NUL_MESSAGE }]);
}
