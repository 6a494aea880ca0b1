import { toMajor, type Order, type OrderStatus, type TimelineStatus } from '@greencart/shared';
import type { ImageService } from '../images/image-service.js';
import type { OrderWithItems } from './order-repository.js';

/**
 * The spec's order shape (section 3): each item carries the product as it was at checkout
 * (the copied name, category, image and unit price), `amount` is the total paid in major units,
 * and `address` is the delivery address as it was when the order was placed.
 */
export function toApiOrder(order: OrderWithItems, images: Pick<ImageService, 'urlFor'>): Order {
  return {
    _id: order.id,
    userId: order.userId,
    items: order.items.map((item) => ({
      product: {
        _id: item.productId ?? item.id,
        name: item.name,
        category: item.category,
        image: item.image ? [images.urlFor(item.image)] : [],
        offerPrice: toMajor(item.unitPriceMinor),
      },
      quantity: item.quantity,
    })),
    amount: toMajor(order.amountMinor),
    address: { _id: order.addressId ?? order.id, ...order.address },
    paymentType: order.paymentType,
    status: order.status as OrderStatus,
    isPaid: order.isPaid,
    isRefunded: order.refundedAt !== null,
    createdAt: order.createdAt.toISOString(),
    ...(order.timeline && { timeline: order.timeline.map((e) => ({ status: e.status as TimelineStatus, at: e.at.toISOString() })) }),
  };
}
