/** What the keyboard can go to, enabled. */
const FOCUSABLE = 'button:not(:disabled), select:not(:disabled), input:not(:disabled):not([type=hidden]), textarea:not(:disabled), a[href]';

/**
 * The focus that falls to the page's body when what had it goes away (a deleted product's row, a form drawn anew after
 * a save, a shop's row moved by its new status: an accessibility probe found it there after each) stays as near as it
 * can: in the form the control was in, else in its list item (an order's card: "Refund" becomes "Confirm refund",
 * "Keep" gives "Refund" back, a closed picks form the card's status), at the first control still there, or the item itself when it is named and has none left; else it
 * goes to the screen's heading, so a screen reader says where the keyboard is and Tab goes on from the screen's top, not the
 * page's (a probe found every such button sending it to the heading, far from the order it was working on).
 * A dialog closing gives the focus back to its opener first (ModalDialog), so this leaves it alone.
 *
 * A control that is disabled while it has the focus loses it too (a button disabled while its form is sent, a status
 * select once the order is final: a keyboard probe, 2026-12-01), so it is rescued the same way; and when it is enabled
 * again (the answer came) while the focus is still where the rescue put it, untouched, the focus goes back to it: Login
 * after a wrong password, Save after a save. A key pressed, a click or another focus (a field to mend) meanwhile keeps
 * the focus where the seller or the screen put it.
 */
export function rescueFocus(): () => void {
  let focused: Element | null = null;
  let near: (Element | null)[] = [];
  // The control disabled with the focus on it, and where the rescue put the focus meanwhile.
  let waiting: HTMLElement | null = null;
  let holder: Element | null = null;
  const remember = (event: FocusEvent) => {
    focused = event.target as Element;
    near = [focused.closest('form'), focused.closest('li')];
    if (focused !== holder) waiting = null;
  };
  const moved = () => (waiting = null);
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (waiting?.isConnected && !waiting.matches(':disabled')) {
      const back = waiting;
      waiting = null;
      if ((lost || active === holder) && holder?.getAttribute('aria-invalid') !== 'true') return back.focus();
    }
    if (!focused) return;
    const disabled = focused.isConnected && focused.matches(':disabled');
    // A disabled control may still be the active element until the browser's next style update takes the focus away.
    if (!(disabled || !focused.isConnected) || !(lost || (disabled && active === focused))) return;
    if (disabled) waiting = focused as HTMLElement;
    focused = null;
    holder = null;
    for (const container of near) {
      const nearest = container?.isConnected ? container.querySelector<HTMLElement>(FOCUSABLE) : null;
      if (nearest) {
        holder = nearest;
        return nearest.focus();
      }
    }
    // A named list item with nothing left to press (an order's card once cancelled, "Order GC-…") is where the seller
    // was; else the screen's heading.
    const item = near[1]?.isConnected && near[1].hasAttribute('aria-label') ? near[1] : null;
    const heading = (item ?? document.querySelector('#content h1') ?? document.getElementById('content')) as HTMLElement | null;
    holder = heading;
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  });
  document.addEventListener('focusin', remember);
  document.addEventListener('keydown', moved, true);
  document.addEventListener('pointerdown', moved, true);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    document.removeEventListener('focusin', remember);
    document.removeEventListener('keydown', moved, true);
    document.removeEventListener('pointerdown', moved, true);
    observer.disconnect();
  };
}
