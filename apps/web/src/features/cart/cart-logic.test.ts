import { describe, expect, it } from 'vitest';
import { CART_MAX_LINES, type Product } from '@greencart/shared';
import { addItem, countItems, mergeCarts, removeItem, setItemQuantity, toCartLines } from './cart-logic';

describe('cart rules (spec section 4)', () => {
  it('adding sets 1 then increments by 1, never above 9', () => {
    expect(addItem({}, 'a')).toEqual({ a: 1 });
    expect(addItem({ a: 1 }, 'a')).toEqual({ a: 2 });
    expect(addItem({ a: 9 }, 'a')).toEqual({ a: 9 });
  });

  it('adding never goes above what is left of a counted product (issue 16), and leaves a line already above it', () => {
    expect(addItem({ a: 2 }, 'a', 3)).toEqual({ a: 3 });
    expect(addItem({ a: 3 }, 'a', 3)).toEqual({ a: 3 });
    expect(addItem({ a: 5 }, 'a', 3)).toEqual({ a: 5 });
    expect(addItem({}, 'a', 0)).toEqual({});
    expect(addItem({ a: 8 }, 'a', 50)).toEqual({ a: 9 });
  });

  it('adds the units the chat proposed at once ("add 3 tomatoes"), within 9 and what is left', () => {
    expect(addItem({}, 'a', 9, 3)).toEqual({ a: 3 });
    expect(addItem({ a: 2 }, 'a', 9, 3)).toEqual({ a: 5 });
    expect(addItem({ a: 7 }, 'a', 9, 3)).toEqual({ a: 9 });
    expect(addItem({}, 'a', 2, 3)).toEqual({ a: 2 });
  });

  it('the selector sets an exact quantity within 1-9', () => {
    expect(setItemQuantity({ a: 2 }, 'a', 7)).toEqual({ a: 7 });
    expect(setItemQuantity({ a: 2 }, 'a', 12)).toEqual({ a: 9 });
    expect(setItemQuantity({ a: 2 }, 'a', 0)).toEqual({ a: 1 });
  });

  it('removing decrements and deletes the line at 0', () => {
    expect(removeItem({ a: 2 }, 'a')).toEqual({ a: 1 });
    expect(removeItem({ a: 1, b: 1 }, 'a')).toEqual({ b: 1 });
  });

  it('merges a visitor cart into the account cart, summing and capping at 9', () => {
    expect(mergeCarts({ a: 5, b: 1 }, { a: 6, c: 2 })).toEqual({ a: 9, b: 1, c: 2 });
  });

  it('adds no product beyond the lines a cart holds, at add and at login, and still adds to a line it has', () => {
    const full = Object.fromEntries(Array.from({ length: CART_MAX_LINES }, (_, i) => [`p${i}`, 1]));
    expect(addItem(full, 'one-more')).toBe(full);
    expect(addItem(full, 'p0')).toEqual({ ...full, p0: 2 });
    const merged = mergeCarts(full, { p1: 3, 'one-more': 1 });
    expect(Object.keys(merged)).toHaveLength(CART_MAX_LINES);
    expect(merged).toEqual({ ...full, p1: 4 });
  });

  it('counts items across lines', () => {
    expect(countItems({ a: 2, b: 3 })).toBe(5);
  });

  const product = (id: string, inStock: boolean): Product => ({ _id: id, name: id, description: [], category: 'Fruits', price: 2, offerPrice: 1, image: [], inStock, stock: null, seller: { id: 's', shopName: 'GreenCart', slug: 'greencart' } });

  it('marks deleted and out-of-stock lines unavailable, keeping them listed', () => {
    const lines = toCartLines({ fresh: 2, soldOut: 1, deleted: 3 }, [product('fresh', true), product('soldOut', false)]);
    expect(lines.map(({ productId, quantity, available }) => ({ productId, quantity, available }))).toEqual([
      { productId: 'fresh', quantity: 2, available: true },
      { productId: 'soldOut', quantity: 1, available: false },
      { productId: 'deleted', quantity: 3, available: false },
    ]);
    expect(lines[2]!.product).toBeUndefined();
  });

  it('names a line no longer sold by the name the server gives it, and leaves a line the shop never had unnamed', () => {
    const lines = toCartLines({ fresh: 1, retired: 2, unknown: 1 }, [product('fresh', true)], undefined, [{ _id: 'retired', name: 'Amul Butter 500 g' }]);
    expect(lines.map(({ productId, name, available }) => ({ productId, name, available }))).toEqual([
      { productId: 'fresh', name: 'fresh', available: true },
      { productId: 'retired', name: 'Amul Butter 500 g', available: false },
      { productId: 'unknown', name: undefined, available: false },
    ]);
  });
});
