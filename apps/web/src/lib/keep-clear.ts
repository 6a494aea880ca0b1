/**
 * Marks what the floating chat toggle must never cover on a small screen (prices, the delivery fee, the
 * seller's switches; issue 25): while a marked element is under the toggle, the toggle steps aside
 * (docs/decisions/0104). Spread it on the element: `<dl {...keepClear}>`.
 */
export const keepClear = { 'data-keep-clear': '' } as const;

export const KEEP_CLEAR_SELECTOR = '[data-keep-clear]';
