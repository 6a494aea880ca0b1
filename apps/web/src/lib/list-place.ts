import { parsed, write } from './remembered';

/**
 * How far a product list was paged and scrolled, per entry of the tab's history (`location.key`): Back to it asks for
 * the same pages again (their cursors, not their products: those are read afresh, no copy of the catalogue is kept)
 * and scrolls to where the shopper was.
 */
export interface ListPlace {
  /** The cursors of the pages loaded after the first, in order. */
  cursors: string[];
  y: number;
}

const LIST = 'gc-list:';
export const keptListPlace = (entry: string): ListPlace | null => parsed(LIST + entry, null);
export const keepListPlace = (entry: string, place: ListPlace): void => write('sessionStorage', LIST + entry, JSON.stringify(place));
