import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('nextPath: where /loader may send the shopper', () => {
  it.each([
    ['my-orders', '/my-orders'],
    ['/my-orders', '/my-orders'],
    ['products/fruits?x=1', '/products/fruits?x=1'],
    [null, '/'],
    ['', '/'],
  ])('follows the internal path %s to %s', (next, expected) => {
    expect(nextPath(next)).toBe(expected);
  });

  it.each(['https://evil.example', '//evil.example', '///evil.example', '/\\evil.example', 'javascript:alert(1)', 'JavaScript:alert(1)', 'my-orders//x', 'a\nb', 'data:text/html,hi'])(
    'sends %s home instead',
    (next) => {
      expect(nextPath(next)).toBe('/');
    },
  );
});
