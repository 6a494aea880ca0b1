import { describe, expect, it } from 'vitest';
import { toFieldErrors, withoutErrors } from './form-errors';

describe('toFieldErrors', () => {
  it('names the field of a browser issue and of a server issue by its last segment', () => {
    expect(toFieldErrors([{ path: ['zipcode'], message: 'Zipcode must be numeric' }])).toEqual({ zipcode: 'Zipcode must be numeric' });
    expect(toFieldErrors([{ path: 'body.address.phone', message: 'Enter a valid phone number' }])).toEqual({ phone: 'Enter a valid phone number' });
  });

  it('puts an issue of a list entry under the list field', () => {
    expect(toFieldErrors([{ path: ['description', 3], message: 'Too long' }])).toEqual({ description: 'Too long' });
    expect(toFieldErrors([{ path: 'body.items.0.quantity', message: 'At most 9' }])).toEqual({ quantity: 'At most 9' });
  });

  it('keeps the first message of a field', () => {
    expect(
      toFieldErrors([
        { path: ['email'], message: 'Email is required' },
        { path: ['email'], message: 'Enter a valid email' },
      ]),
    ).toEqual({ email: 'Email is required' });
  });
});

describe('a mended field loses its messages', () => {
  it('drops the named fields\' messages and those nested under them, keeping the rest; the same object when none had one', () => {
    const errors = { name: 'Product name is required', price: 'Price is required', 'windows.0': 'A window ends after it starts', 'windows.0.end': 'Bad time', 'windows.1.end': 'Bad time' };
    expect(withoutErrors(errors, 'name')).toEqual({ price: 'Price is required', 'windows.0': 'A window ends after it starts', 'windows.0.end': 'Bad time', 'windows.1.end': 'Bad time' });
    expect(withoutErrors(errors, 'windows.0')).toEqual({ name: 'Product name is required', price: 'Price is required', 'windows.1.end': 'Bad time' });
    expect(withoutErrors(errors, 'windows')).toEqual({ name: 'Product name is required', price: 'Price is required' });
    expect(withoutErrors(errors, 'stock')).toBe(errors);
  });
});
