import type { Order } from '@greencart/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderLine } from './my-orders';

type Item = Order['items'][number];
const carrots = (change: Partial<Item>): Item => ({
  product: { _id: 'p1', name: 'Carrots', category: 'Vegetables', image: [], offerPrice: 91 },
  quantity: 3,
  substitute: 'similar',
  picked: null,
  substituteFor: null,
  discount: 40.95,
  ...change,
});

/** The line's visible text. */
const text = (item: Item) => renderToStaticMarkup(<OrderLine item={item} showPreference={false} />).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('a line of My Orders with a coupon', () => {
  it('shows the coupon share of the units it holds: all of it as ordered, the kept part after picks, none when nothing was picked', () => {
    // 3 × 91 = 273 − 40.95.
    expect(text(carrots({}))).toContain('Amount: Rs 232.05 after − Rs 40.95 coupon');
    // 1 of 3 picked: 91 − ⌊4095 / 3⌋ paise = 91 − 13.65 (it showed "after −Rs 40.95", the whole line's).
    expect(text(carrots({ picked: 1 }))).toContain('Amount: Rs 77.35 after − Rs 13.65 coupon');
    expect(text(carrots({ picked: 0 }))).toMatch(/Amount: Rs 0$/);
  });
});
