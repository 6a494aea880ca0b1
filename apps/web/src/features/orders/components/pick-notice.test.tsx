import type { Order } from '@greencart/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PickNotice } from './my-orders';

const text = (order: Partial<Order>) =>
  renderToStaticMarkup(<PickNotice order={{ pickedAt: '2026-12-01T06:00:00.000Z', pickReduction: 41.82, paymentType: 'COD', status: 'Processed', ...order } as Order} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe("the note of a seller's picks on My Orders", () => {
  it('says what a cash order costs less on delivery, in the past tense once delivered (it stayed "You pay" on a finished order: a probe)', () => {
    expect(text({})).toContain('You pay Rs 41.82 less on delivery.');
    expect(text({ status: 'Delivered' })).toContain('You paid Rs 41.82 less on delivery.');
    expect(text({ paymentType: 'Online' })).toContain('Rs 41.82 refunded to your card.');
  });
});
