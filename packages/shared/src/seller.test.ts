import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './constants.js';
import { allowedNextStatuses, sellerPaymentLabel } from './seller.js';
import { ChatMessageSchema } from './chat.js';
import { PayoutInputSchema } from './seller-money.js';
import { ShopSlugSchema } from './shop-slug.js';
import { shopsOwn } from './shops.js';

describe('allowedNextStatuses', () => {
  const cod = (status: OrderStatus) => ({ status, paymentType: 'COD' as const, isPaid: false });
  it('moves forward only, with Cancelled until the order is dispatched', () => {
    expect(allowedNextStatuses(cod('Order Placed'))).toEqual(['Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses(cod('Packed'))).toEqual(['Dispatched', 'Delivered', 'Cancelled']);
    expect(allowedNextStatuses(cod('Dispatched'))).toEqual(['Delivered']);
  });

  it('ends at Delivered and Cancelled', () => {
    expect(allowedNextStatuses(cod('Delivered'))).toEqual([]);
    expect(allowedNextStatuses(cod('Cancelled'))).toEqual([]);
  });

  it("keeps Delivered of an approved shop's cash order for the shop: the operator may mark it for a shop no longer approved (or cancel it once dispatched), or a card order", () => {
    expect(allowedNextStatuses(cod('Packed'), 'approved')).toEqual(['Dispatched', 'Cancelled']);
    expect(allowedNextStatuses(cod('Dispatched'), 'approved')).toEqual([]);
    expect(allowedNextStatuses(cod('Dispatched'), 'suspended')).toEqual(['Delivered', 'Cancelled']);
    expect(allowedNextStatuses(cod('Delivered'), 'suspended')).toEqual([]);
    expect(allowedNextStatuses({ status: 'Dispatched', paymentType: 'Online', isPaid: true }, 'approved')).toEqual(['Delivered']);
  });

  it('lets an online order whose payment has not arrived be cancelled only; paid, it moves on', () => {
    expect(allowedNextStatuses({ status: 'Order Placed', paymentType: 'Online', isPaid: false })).toEqual(['Cancelled']);
    expect(allowedNextStatuses({ status: 'Order Placed', paymentType: 'Online', isPaid: true })).toEqual(['Processed', 'Packed', 'Dispatched', 'Delivered', 'Cancelled']);
  });
});

describe('sellerPaymentLabel', () => {
  it("names a payment the spec's way, and an order cancelled before any payment 'Not paid', not 'Pending'", () => {
    expect(sellerPaymentLabel({ isPaid: false, isRefunded: false, status: 'Order Placed' })).toBe('Pending');
    expect(sellerPaymentLabel({ isPaid: true, isRefunded: false, status: 'Packed' })).toBe('Paid');
    expect(sellerPaymentLabel({ isPaid: false, isRefunded: false, status: 'Cancelled' })).toBe('Not paid');
    expect(sellerPaymentLabel({ isPaid: true, isRefunded: false, status: 'Cancelled' })).toBe('Refund pending');
    expect(sellerPaymentLabel({ isPaid: true, isRefunded: true, status: 'Cancelled' })).toBe('Refunded');
  });
});

describe('the messages of a missing or repeated field (a probe read zod\'s own words and "Shop is required" for a shop named twice)', () => {
  it('says a payout key is required, and names one shop', () => {
    const payout = PayoutInputSchema.safeParse({ sellerId: '00000000-0000-4000-8000-000000000000', amount: 10 });
    expect(payout.error?.issues.map((issue) => issue.message)).toEqual(['key is required']);
    expect(ShopSlugSchema.safeParse(['greencart', 'daily-bakehouse']).error?.issues[0]?.message).toBe('Name one shop');
    expect(ShopSlugSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Shop is required');
    expect(ChatMessageSchema.safeParse(123).error?.issues[0]?.message).toBe('Message must be text');
  });
});

describe("a shop's name as its owner's", () => {
  it('takes an apostrophe alone after an s: "Five Spices\' commission", not "Spices\'s" (an operator probe)', () => {
    expect(shopsOwn('Probe Five Spices')).toBe("Probe Five Spices'");
    expect(shopsOwn('RAO STORES')).toBe("RAO STORES'");
    expect(shopsOwn('Ravi Fresh')).toBe("Ravi Fresh's");
  });
});
