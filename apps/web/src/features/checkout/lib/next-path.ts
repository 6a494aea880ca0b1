/**
 * Where /loader goes after the payment (spec section 2: `/{next}`). Only an internal path is
 * followed: no scheme (`https:`, `javascript:`), no protocol-relative `//host`, no backslash
 * (browsers read `/\host` as `//host`), no control characters. Anything else goes home.
 */
export function nextPath(next: string | null): string {
  if (!next) return '/';
  const path = `/${next.replace(/^\//, '')}`;
  if (path.startsWith('//') || /[\\\s\p{Cc}]/u.test(path) || /^\/?[a-z][a-z\d+.-]*:/i.test(next)) return '/';
  if (path.includes('//')) return '/';
  return path;
}
