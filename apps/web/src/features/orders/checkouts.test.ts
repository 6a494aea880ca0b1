import type { Order } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import { groupByCheckout } from './checkouts';

const order = (id: string, checkoutId: string, amount: number, status = 'Order Placed', isRefunded = false, sellerId = id) =>
  ({ _id: id, checkoutId, amount, status, isRefunded, seller: { id: sellerId } }) as Order;

describe('groupByCheckout', () => {
  it('puts the orders of one checkout together, newest checkout first, with the checkout’s total in paise', () => {
    const checkouts = groupByCheckout([order('a', 'c2', 102), order('b', 'c2', 40.8), order('c', 'c1', 35.7)]);
    expect(checkouts.map((c) => [c.checkoutId, c.orders.map((o) => o._id), c.totalMinor])).toEqual([
      ['c2', ['a', 'b'], 14280],
      ['c1', ['c'], 3570],
    ]);
  });

  it('joins a checkout’s orders even when another checkout’s order lies between them (same second, ids in between)', () => {
    const checkouts = groupByCheckout([order('a', 'c2', 1), order('b', 'c1', 2), order('c', 'c2', 3)]);
    expect(checkouts.map((c) => c.orders.map((o) => o._id))).toEqual([['a', 'c'], ['b']]);
  });

  it('lists a checkout’s orders in the cart’s order of its shops (by shop id), not as the list’s ids fell', () => {
    const [checkout] = groupByCheckout([order('a', 'c1', 1, 'Order Placed', false, 's3'), order('b', 'c1', 2, 'Order Placed', false, 's1'), order('c', 'c1', 3, 'Order Placed', false, 's2')]);
    expect(checkout!.orders.map((o) => o.seller.id)).toEqual(['s1', 's2', 's3']);
  });

  it('leaves a cancelled shop’s order out of the checkout’s total (the shopper no longer pays for it)', () => {
    const [checkout] = groupByCheckout([order('a', 'c1', 102), order('b', 'c1', 40.8, 'Cancelled')]);
    expect(checkout!.orders).toHaveLength(2);
    expect(checkout!.totalMinor).toBe(10200);
  });

  it('leaves an order refunded after delivery out of the total too (its payment was given back)', () => {
    const [checkout] = groupByCheckout([order('a', 'c1', 102), order('b', 'c1', 192.84, 'Delivered', true), order('c', 'c1', 7.06, 'Cancelled', true)]);
    expect(checkout!.totalMinor).toBe(10200);
    // What went back to the card, said beside that total (the card was charged more than it shows).
    expect(checkout!.refundedMinor).toBe(19990);
  });

  it("counts what a short pick gave back to the card: the header said 64.05 refunded of the 144.98 that went back (a probe)", () => {
    const card = (o: Order, pickReduction: number, isRefunded = false) => ({ ...o, paymentType: 'Online', isPaid: true, pickReduction, isRefunded }) as Order;
    const [checkout] = groupByCheckout([
      card(order('a', 'c1', 0, 'Cancelled'), 85.08, true),
      card(order('b', 'c1', 47.44, 'Delivered'), 34.88),
      card(order('c', 'c1', 38.81, 'Order Placed'), 0),
    ]);
    expect(checkout!.refundedMinor).toBe(8508 + 3488);
    expect(checkout!.totalMinor).toBe(4744 + 3881);
  });
});
