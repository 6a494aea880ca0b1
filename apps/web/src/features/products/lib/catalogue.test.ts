import type { Product } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import { bestSellers, productsInCategory, relatedProducts, searchProducts } from './catalogue';

const product = (name: string, category: string, inStock = true): Product => ({
  _id: name,
  name,
  category,
  description: [],
  price: 10,
  offerPrice: 8,
  image: [],
  inStock,
});

const catalogue = [
  product('Red Apple', 'Fruits'),
  product('Green Apple', 'Fruits', false),
  product('Banana', 'Fruits'),
  product('Apple Juice', 'Drinks'),
  product('Mango', 'Fruits'),
  product('Orange', 'Fruits'),
  product('Grapes', 'Fruits'),
  product('Kiwi', 'Fruits'),
];

describe('searchProducts', () => {
  it('keeps in-stock products whose name contains the text, ignoring case', () => {
    expect(searchProducts(catalogue, 'aPPle').map((p) => p.name)).toEqual(['Red Apple', 'Apple Juice']);
  });
  it('lists every in-stock product for an empty search', () => {
    expect(searchProducts(catalogue, '  ')).toHaveLength(7);
  });
});

describe('productsInCategory', () => {
  it('compares the category in lower case and leaves out products out of stock', () => {
    expect(productsInCategory(catalogue, 'fruits').map((p) => p.name)).toEqual(['Red Apple', 'Banana', 'Mango', 'Orange', 'Grapes', 'Kiwi']);
    expect(productsInCategory(catalogue, 'bakery')).toEqual([]);
  });
});

describe('bestSellers', () => {
  it('is the first 5 in-stock products', () => {
    expect(bestSellers(catalogue).map((p) => p.name)).toEqual(['Red Apple', 'Banana', 'Apple Juice', 'Mango', 'Orange']);
  });
});

describe('relatedProducts', () => {
  it('is up to 5 in-stock products of the same category, without the product itself', () => {
    expect(relatedProducts(catalogue, catalogue[0]!).map((p) => p.name)).toEqual(['Banana', 'Mango', 'Orange', 'Grapes', 'Kiwi']);
  });
});
