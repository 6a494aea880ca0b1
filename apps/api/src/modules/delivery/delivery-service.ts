import {
  collectsOnDelivery,
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERIES_BOARD_WINDOWS,
  DELIVERIES_WINDOW_ORDERS,
  DELIVERY_CHECK_SHOPS_MAX,
  dayIn,
  deliversTo,
  deliveryTerms,
  isIndia,
  offeredWindows,
  toMajor,
  toMinor,
  windowsOn,
  zonedInstant,
  type DeliveriesAnswer,
  type DeliverySettings,
  type DeliverySlotsAnswer,
  type DeliveryTerms,
  type WindowInstance,
} from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { shopNotFound } from '../seller/seller-errors.js';
import type { Caller } from '../settlement/settlement-service.js';
import {
  findApprovedShopId,
  findApprovedShops,
  findDeliveries,
  findNextDelivery,
  findShopDeliveries,
  findShopsDeliveringTo,
  findTakenPlaces,
  saveShopDelivery,
  type DeliveryOrderRow,
  type ShopDeliveryRow,
} from './delivery-repository.js';

/** A shop's delivery as checkout uses it: the settings, their money as `priceCheckout` takes it, and their version (0 = defaults). */
export interface ShopDeliveryTerms {
  settings: DeliverySettings;
  terms: DeliveryTerms;
  version: number;
}

const toSettings = (row: ShopDeliveryRow): DeliverySettings => ({
  pincodes: row.pincodes,
  fee: toMajor(row.feeMinor),
  freeAbove: row.freeAboveMinor === null ? null : toMajor(row.freeAboveMinor),
  minOrder: toMajor(row.minOrderMinor),
  windows: row.windows,
  cutoffMinutes: row.cutoffMinutes,
  daysAhead: row.daysAhead,
});

/** A shop_delivery row as place_order's GC413 answers it (to_jsonb: column names). */
interface ShopDeliveryJson {
  seller_id: string;
  pincodes: string[] | null;
  fee_minor: number;
  free_above_minor: number | null;
  min_order_minor: number;
  windows: ShopDeliveryRow['windows'];
  cutoff_minutes: number;
  days_ahead: number;
  version: number;
}

const fromJson = (j: ShopDeliveryJson): ShopDeliveryRow => ({
  sellerId: j.seller_id,
  pincodes: j.pincodes,
  feeMinor: j.fee_minor,
  freeAboveMinor: j.free_above_minor,
  minOrderMinor: j.min_order_minor,
  windows: j.windows,
  cutoffMinutes: j.cutoff_minutes,
  daysAhead: j.days_ahead,
  version: j.version,
  updatedAt: new Date(0),
});

/** Shops whose terms an instance keeps for checkout (a few hundred bytes each). */
const KEPT_TERMS_MAX = 10_000;

const DEFAULT_TERMS: ShopDeliveryTerms = { settings: DEFAULT_DELIVERY_SETTINGS, terms: deliveryTerms(DEFAULT_DELIVERY_SETTINGS), version: 0 };

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 28: where each shop delivers, for how much and when (docs/decisions/0137-0142). Settings are a shop's
 * own; the rules (`deliversTo`, `offeredWindows`, the fee in `priceCheckout`) are the shared ones the web uses.
 */
export function createDeliveryService(deps: { db: Db; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  const termsOf = (row: ShopDeliveryRow | undefined): ShopDeliveryTerms => {
    if (!row) return DEFAULT_TERMS;
    const settings = toSettings(row);
    return { settings, terms: deliveryTerms(settings), version: row.version };
  };

  /** Each shop's terms (the defaults for a shop that never set them), read in one query. */
  async function termsFor(sellerIds: string[]): Promise<Map<string, ShopDeliveryTerms>> {
    const rows = new Map((await findShopDeliveries(db, sellerIds)).map((row) => [row.sellerId, row]));
    return new Map(sellerIds.map((id) => [id, termsOf(rows.get(id))]));
  }

  /**
   * Checkout's copy of the shops' terms (decision 0139): kept per instance, never trusted. place_order checks
   * each shop order's version and answers the terms as they are when one differs (GC413), which `learnTerms`
   * keeps; a shop not seen yet is taken to have none (version 0), the most common case, so checkout reads nothing.
   */
  const kept = new Map<string, ShopDeliveryTerms>();
  const keep = (sellerId: string, terms: ShopDeliveryTerms) => {
    kept.delete(sellerId);
    if (kept.size >= KEPT_TERMS_MAX) kept.delete(kept.keys().next().value!);
    kept.set(sellerId, terms);
  };
  const keptTerms = (sellerIds: string[]) => new Map(sellerIds.map((id) => [id, kept.get(id) ?? DEFAULT_TERMS]));
  function learnTerms(sellerIds: string[], rows: unknown[]): void {
    const now = new Map((rows as ShopDeliveryJson[]).map((j) => [j.seller_id, fromJson(j)]));
    for (const id of sellerIds) keep(id, termsOf(now.get(id)));
  }

  /** The windows a shop offers now, with the places left in each; a full one is not offered. */
  async function openWindows(sellerId: string, settings: DeliverySettings): Promise<(WindowInstance & { remaining: number })[]> {
    const offered = offeredWindows(settings, now(), timeZone);
    if (offered.length === 0) return [];
    const taken = await findTakenPlaces(db, sellerId, offered[0]!.start, new Date(offered.at(-1)!.start.getTime() + 1));
    const takenAt = new Map(taken.map((t) => [new Date(t.startsAt).getTime(), t.taken]));
    return offered.map((w) => ({ ...w, remaining: Math.max(0, w.capacity - (takenAt.get(w.start.getTime()) ?? 0)) })).filter((w) => w.remaining > 0);
  }

  /** Reads the shops' terms as they are now and keeps them: a refusal read from the kept copy is confirmed so. */
  async function refreshTerms(sellerIds: string[]): Promise<void> {
    for (const [id, terms] of await termsFor(sellerIds)) keep(id, terms);
  }

  return {
    timeZone,
    termsFor,
    keptTerms,
    learnTerms,
    refreshTerms,

    /** GET /api/seller/delivery: the calling shop's own. */
    async settings(sellerId: string): Promise<DeliverySettings> {
      return (await termsFor([sellerId])).get(sellerId)!.settings;
    },

    /** PUT /api/seller/delivery: the calling shop's own, a new version (checkouts priced under the old one are priced again). */
    async save(sellerId: string, s: DeliverySettings): Promise<DeliverySettings> {
      const row = await saveShopDelivery(db, {
        sellerId,
        pincodes: s.pincodes === null ? null : [...new Set(s.pincodes)],
        feeMinor: toMinor(s.fee),
        freeAboveMinor: s.freeAbove === null ? null : toMinor(s.freeAbove),
        minOrderMinor: toMinor(s.minOrder),
        windows: s.windows.map((w) => ({ ...w, days: [...w.days].sort() })),
        cutoffMinutes: s.cutoffMinutes,
        daysAhead: s.daysAhead,
      });
      keep(sellerId, termsOf(row));
      return toSettings(row);
    },

    /**
     * GET /api/delivery/check (decision 0138): with `sellers` (a cart's or a page's shops, at most 50), each of
     * them with whether it delivers to the pincode; without, a page of the shops that do, by id.
     */
    async check(pincode: string, sellerIds: string[] | undefined, cursor: string | undefined, country?: string) {
      const abroad = country !== undefined && !isIndia(country);
      if (sellerIds) {
        // In the order asked (the cart's order of shops), each once; a shop that does not sell is left out.
        const asked = [...new Set(sellerIds)];
        const found = new Map((await findApprovedShops(db, asked)).map((s) => [s.id, s]));
        const shops = asked.flatMap((id) => found.get(id) ?? []);
        const terms = await termsFor(shops.map((s) => s.id));
        return { sellers: shops.map((s) => ({ ...s, delivers: deliversTo(terms.get(s.id)!.settings.pincodes, pincode, abroad) })), nextCursor: null };
      }
      const rows = await findShopsDeliveringTo(db, pincode, abroad, cursor, DELIVERY_CHECK_SHOPS_MAX + 1);
      const shown = rows.slice(0, DELIVERY_CHECK_SHOPS_MAX);
      return { sellers: shown.map((s) => ({ ...s, delivers: true })), nextCursor: rows.length > DELIVERY_CHECK_SHOPS_MAX ? shown.at(-1)!.id : null };
    },

    /**
     * GET /api/delivery/slots: a shop's (named by its slug or id) coming windows with places left (none when it does not deliver to the pincode,
     * or abroad when it lists pincodes: checkout's rule, with the address's country).
     */
    async slots(shop: string, pincode: string | undefined, country: string | undefined): Promise<Omit<DeliverySlotsAnswer, 'success'>> {
      // A shop that does not sell (unknown, pending or suspended) delivers nothing: 404, as its page answers.
      const sellerId = await findApprovedShopId(db, shop);
      if (sellerId === undefined) throw shopNotFound();
      const { settings } = (await termsFor([sellerId])).get(sellerId)!;
      const abroad = country !== undefined && !isIndia(country);
      const delivers = (pincode === undefined && !abroad) || deliversTo(settings.pincodes, pincode ?? '', abroad);
      const open = delivers ? await openWindows(sellerId, settings) : [];
      return {
        delivers,
        slotsRequired: settings.windows.length > 0,
        timeZone,
        fee: settings.fee,
        freeAbove: settings.freeAbove,
        minOrder: settings.minOrder,
        slots: open.map((w) => ({ start: w.start.toISOString(), end: w.end.toISOString(), remaining: w.remaining })),
      };
    },

    /** Whether `start` is one of the windows the shop offers now; the window (with its capacity) if so. */
    offeredWindow(settings: DeliverySettings, start: Date): WindowInstance | undefined {
      return offeredWindows(settings, now(), timeZone).find((w) => w.start.getTime() === start.getTime());
    },

    /**
     * GET /api/seller/deliveries: the caller's orders to deliver on a day (today by default), grouped by window: every
     * window of the day up to DELIVERIES_BOARD_WINDOWS, each counted whole and shown by its first orders.
     */
    async deliveries(caller: Caller, day: string | undefined): Promise<Omit<DeliveriesAnswer, 'success'>> {
      const shown = day ?? dayIn(now(), timeZone);
      const sellerId = caller.role === 'operator' ? undefined : caller.id;
      const dayEnd = zonedInstant(addDays(shown, 1), '00:00', timeZone);
      const rows = await findDeliveries(db, {
        sellerId,
        from: zonedInstant(shown, '00:00', timeZone),
        to: dayEnd,
        windows: DELIVERIES_BOARD_WINDOWS + 1,
        perWindow: DELIVERIES_WINDOW_ORDERS,
      });
      // A window's capacity is the shop's as set now (decision 0137: the places checkout offers), not the one stored
      // with its places at the last booking (a probe's board said "2 of 2 booked" after the shop made it 3); a window
      // the shop no longer has keeps the one it was booked under. A window is its start, as checkout finds it
      // (`offeredWindow`): one whose end moved is the same window (the board said "2 of 1000" where checkout said full).
      const terms = await termsFor([...new Set(rows.map((row) => row.sellerId))]);
      const capacityNow = (row: DeliveryOrderRow) =>
        windowsOn(terms.get(row.sellerId)!.settings, shown, timeZone).find((w) => w.start.toISOString() === row.slotStart)?.capacity ?? row.capacity;
      const windows = new Map<string, DeliveriesAnswer['windows'][number]>();
      for (const row of rows) {
        const key = `${row.slotStart} ${row.sellerId}`;
        if (!windows.has(key)) {
          // The places taken count every order of the window, its orders to deliver at least.
          windows.set(key, { start: row.slotStart, end: row.slotEnd, shopName: row.shopName, capacity: capacityNow(row), booked: Math.max(row.taken ?? 0, row.windowOrders), orderCount: row.windowOrders, orders: [] });
        }
        windows.get(key)!.orders.push({ _id: row.id, orderNumber: row.orderNumber, buyer: row.buyer, zipcode: row.zipcode, status: row.status, amount: toMajor(Number(row.amountMinor)), toCollect: collectsOnDelivery(row) ? toMajor(Number(row.amountMinor)) : 0, refunded: row.refunded, items: row.items });
      }
      const listed = [...windows.values()];
      const board = listed.slice(0, DELIVERIES_BOARD_WINDOWS);
      // An empty day says when the next delivery is (a probe's shop saw "No deliveries booked" the day before its first).
      const next = rows.length === 0 ? await findNextDelivery(db, { sellerId, from: dayEnd }) : null;
      return { day: shown, timeZone, windows: board, truncated: listed.length > board.length || board.some((w) => w.orders.length < w.orderCount), nextDay: next && dayIn(next, timeZone) };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
