/** What the keyboard can go to, enabled. */
const FOCUSABLE = 'button:not(:disabled), select:not(:disabled), input:not(:disabled):not([type=hidden]), textarea:not(:disabled), a[href]';

/**
 * The focus that falls to the page's body when what had it goes away (a deleted product's row, a form drawn anew after
 * a save, a shop's row moved by its new status: an accessibility probe found it there after each) stays as near as it
 * can: in the form the control was in, else in its list item (an order's card: "Refund" becomes "Confirm refund",
 * "Keep" gives "Refund" back, a closed picks form the card's status), at the first control still there; else it goes to
 * the screen's heading, so a screen reader says where the keyboard is and Tab goes on from the screen's top, not the
 * page's (a probe found every such button sending it to the heading, far from the order it was working on).
 * A dialog closing gives the focus back to its opener first (ModalDialog), so this leaves it alone.
 */
export function rescueFocus(): () => void {
  let focused: Element | null = null;
  let near: (Element | null)[] = [];
  const remember = (event: FocusEvent) => {
    focused = event.target as Element;
    near = [focused.closest('form'), focused.closest('li')];
  };
  const observer = new MutationObserver(() => {
    if (!focused || focused.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    focused = null;
    for (const container of near) {
      const nearest = container?.isConnected ? container.querySelector<HTMLElement>(FOCUSABLE) : null;
      if (nearest) return nearest.focus();
    }
    const heading = document.querySelector<HTMLElement>('#content h1') ?? document.getElementById('content');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  });
  document.addEventListener('focusin', remember);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', remember);
    observer.disconnect();
  };
}
