import type { Product } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-logic';
import { groupLinesByShop } from './cart-shops';

const farm = { id: 'f', shopName: 'Sharma Farms', slug: 'sharma-farms' };
const bakery = { id: 'b', shopName: 'Daily Bakery', slug: 'daily-bakery' };

const line = (id: string, seller: typeof farm, offerPrice: number, quantity: number, inStock = true): CartLine => ({
  productId: id,
  quantity,
  name: id,
  available: inStock,
  substitute: 'similar',
  product: { _id: id, name: id, description: [], category: 'Fruits', price: offerPrice, offerPrice, image: [], inStock, stock: null, seller } satisfies Product,
});

describe('groupLinesByShop', () => {
  it('groups lines by their shop in the order each shop first appears, with each shop’s subtotal in paise', () => {
    const groups = groupLinesByShop([line('apple', farm, 35.5, 2), line('bread', bakery, 40, 1), line('mango', farm, 99.99, 3)]);
    expect(groups.map((g) => [g.shop?.shopName, g.lines.map((l) => l.productId), g.subtotalMinor])).toEqual([
      ['Sharma Farms', ['apple', 'mango'], 7100 + 29997],
      ['Daily Bakery', ['bread'], 4000],
    ]);
  });

  it('leaves out-of-stock lines out of the subtotal and puts lines no longer sold in a last group without a shop', () => {
    const gone: CartLine = { productId: 'gone', quantity: 1, available: false, product: undefined, name: undefined, substitute: 'similar' };
    const groups = groupLinesByShop([gone, line('apple', farm, 35.5, 2), line('plum', farm, 10, 4, false)]);
    expect(groups.map((g) => [g.shop?.slug ?? null, g.lines.length, g.subtotalMinor])).toEqual([
      ['sharma-farms', 2, 7100],
      [null, 1, 0],
    ]);
  });
});
