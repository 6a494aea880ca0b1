/**
 * Opens a checkout's payment page. The browser's Back from it takes the store's way back, which ends the checkout (its
 * held units, window and coupon given back) and opens the cart (docs/decisions/0224): the cart's history entry becomes
 * that address. A browser that kept the cart (its back-forward cache) shows it without asking the server: the page
 * reloads then, which asks. This document's own first pageshow is long past, so the next one is such a return.
 */
export function leaveForPayment(url: string, backUrl: string) {
  history.replaceState(null, '', backUrl);
  onpageshow = () => location.reload();
  location.assign(url);
}
