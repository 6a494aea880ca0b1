/**
 * The focus that falls to the page's body when what had it goes away (a deleted product's row, a form drawn anew after
 * a save, a shop's row moved by its new status: an accessibility probe found it there after each) goes to the screen's
 * heading instead: a screen reader says where the keyboard is, and Tab goes on from the screen's top, not the page's.
 * A dialog closing gives the focus back to its opener first (ModalDialog), so this leaves it alone.
 */
export function rescueFocus(): () => void {
  let focused: Element | null = null;
  const remember = (event: FocusEvent) => {
    focused = event.target as Element;
  };
  const observer = new MutationObserver(() => {
    if (!focused || focused.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    focused = null;
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
