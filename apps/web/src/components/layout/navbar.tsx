import { SEARCH_TEXT_MAX } from '@greencart/shared';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { session, useSession } from '../../lib/session';
import { MenuIcon, SearchIcon, UserIcon } from '../icons';

/**
 * Typing settles this long before the results follow (each keystroke does not start a search). 100 ms
 * still folds a burst of typing into one request and leaves the rest of the 300 ms budget from the last
 * keystroke to the results for the request and the cards on a phone-speed CPU (docs/perf.md).
 */
export const SEARCH_DEBOUNCE_MS = 100;

const linkClass = ({ isActive }: { isActive: boolean }) => `flex h-10 items-center ${isActive ? 'text-primary-ink font-medium' : 'hover:text-primary-ink'}`;

/**
 * The shop's navbar (spec section 2); hidden on seller paths by the root layout. The cart link comes
 * from the cart feature. A settled search replaces the URL, and /products' loader asks for its results.
 */
export function Navbar({ cartLink }: { cartLink: ReactNode }) {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(headerRef, menuOpen, useCallback(() => setMenuOpen(false), []));
  const closeSearch = () => {
    setSearchOpen(false);
    searchToggleRef.current?.focus();
  };

  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const logIn = () => {
    // The dialog gives the focus back to what had it: Menu, not the menu's Login, which goes with the menu.
    if (menuOpen) menuToggleRef.current?.focus();
    setMenuOpen(false);
    session.setShowUserLogin(true);
  };
  // Spec section 4: logout clears the user and goes to /.
  const logOut = () => void session.logout().then(() => navigate(paths.home));

  return (
    <header ref={headerRef} className="relative border-b border-gray-300 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 max-[359px]:gap-1 max-[359px]:px-2 sm:px-6 md:px-16">
        {/* Below 380 px the logo and Login tighten so the Search button fits in the bar (360 px phones). */}
        <Link to={paths.home} className="flex h-10 items-center text-2xl font-semibold text-primary-ink max-[379px]:text-xl">
          GreenCart
        </Link>

        <div className="hidden items-center gap-6 md:flex lg:gap-8">
          <NavLink to={paths.home} end className={linkClass}>
            Home
          </NavLink>
          <NavLink to={paths.products} end className={linkClass}>
            All Product
          </NavLink>
          <NavLink to={paths.contact} className={linkClass}>
            Contact
          </NavLink>
          <SearchBox id="navbar-search" className="hidden lg:flex" />
        </div>

        <div className="flex items-center gap-1 max-[359px]:gap-0 sm:gap-4">
          {/* Below the large screens that show the box (spec section 2), a button opens the same box under the bar (issue 25). */}
          <button
            ref={searchToggleRef}
            type="button"
            onClick={() => setSearchOpen((open) => !open)}
            aria-expanded={searchOpen}
            aria-controls="phone-search"
            aria-label="Search"
            className="flex h-10 w-10 items-center justify-center lg:hidden"
          >
            <SearchIcon className="h-5 w-5" />
          </button>
          {cartLink}
          {user ? <ProfileMenu onLogout={logOut} /> : (
            <button type="button" onClick={logIn} className="h-10 rounded-full bg-primary-ink px-5 text-white transition hover:bg-primary-deep max-[379px]:px-3 sm:px-8">
              Login
            </button>
          )}
          <button
            ref={menuToggleRef}
            type="button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Menu"
            className="flex h-10 w-10 items-center justify-center md:hidden"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
        </div>
      </nav>

      {searchOpen && (
        <div id="phone-search" className="border-t border-gray-200 px-4 py-2 sm:px-6 md:px-16 lg:hidden">
          <SearchBox id="phone-search-input" onEscape={closeSearch} autoFocus className="flex" />
        </div>
      )}

      {menuOpen && (
        <div id="mobile-menu" onClick={closeOnChoice(() => setMenuOpen(false))} className="absolute top-full left-0 z-40 flex w-full flex-col items-start gap-1 border-b border-gray-300 bg-white px-5 py-4 text-sm shadow-md md:hidden">
          <NavLink to={paths.home} end className={linkClass}>
            Home
          </NavLink>
          <NavLink to={paths.products} end className={linkClass}>
            All Product
          </NavLink>
          {/* The original pointed this at /products, a defect (issue 3): it goes to the orders. */}
          <NavLink to={paths.myOrders} className={linkClass}>
            My Orders
          </NavLink>
          {user && (
            <NavLink to={paths.buyAgain} className={linkClass}>
              Buy again
            </NavLink>
          )}
          <NavLink to={paths.contact} className={linkClass}>
            Contact
          </NavLink>
          <button type="button" onClick={user ? logOut : logIn} className="mt-2 h-10 rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
            {user ? 'Logout' : 'Login'}
          </button>
        </div>
      )}
    </header>
  );
}

/**
 * The search box: in the bar on large screens (spec section 2), under it when a smaller screen's Search button opens it. Any text shows /products filtered by it; the
 * text goes into the URL (`?q=`) once typing settles, replacing the entry so Back leaves the search
 * page rather than stepping through keystrokes. Back to an earlier search shows its text again.
 */
function SearchBox({ id, className, autoFocus, onEscape }: { id: string; className: string; autoFocus?: boolean; onEscape?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onProducts = pathname === paths.products;
  const urlQuery = onProducts ? (searchParams.get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const [shownQuery, setShownQuery] = useState(urlQuery);
  // The texts this box sent to the URL that have not arrived yet: their arrival is not a change to show
  // (typing may have gone on meanwhile; taking the URL's text then would drop the keys typed since).
  const [sent, setSent] = useState<string[]>([]);
  if (urlQuery !== shownQuery) {
    setShownQuery(urlQuery);
    const own = sent.indexOf(urlQuery);
    if (own >= 0) setSent(sent.slice(own + 1));
    else {
      // The URL changed under the box (Back, a link): show its text.
      if (sent.length > 0) setSent([]);
      if (urlQuery.trim() !== text.trim()) setText(urlQuery);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A shop filter on /products (`?seller=`, issue 26) stays on while the text changes.
  const seller = onProducts ? searchParams.get('seller') : null;
  const toUrl = (value: string) => {
    const query = [value.trim() && `q=${encodeURIComponent(value.trim())}`, seller && `seller=${encodeURIComponent(seller)}`].filter(Boolean).join('&');
    return query ? `${paths.products}?${query}` : paths.products;
  };
  const send = (value: string, replace: boolean) => {
    // The same text as the URL's (a space added) changes nothing: no arrival to wait for.
    if (!(onProducts && value.trim() === urlQuery)) setSent((pending) => [...pending, value.trim()]);
    void navigate(toUrl(value), { replace });
  };
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    if (!onProducts) {
      if (value.trim()) send(value, false);
      return;
    }
    timer.current = setTimeout(() => {
      // The route's loader asks for the results; the page keeps the previous ones until they arrive.
      send(value, true);
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    // A form to /products?q=: a page drawn on the server searches before its JavaScript has run, or without it.
    <form
      role="search"
      action={paths.products}
      onSubmit={(e) => {
        e.preventDefault();
        // At once, in place of the typing's own entry on /products: Enter pushed a second one, and Back seemed to do nothing (a probe).
        clearTimeout(timer.current);
        send(text, onProducts);
      }}
      className={`items-center gap-2 search-pill rounded-full border border-field px-3 ${className}`}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        maxLength={SEARCH_TEXT_MAX}
        name="q"
        value={text}
        // Opened by a press on the Search button: the shopper means to type at once.
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !onEscape) return;
          // Escape folds the field away; a search field's own Escape would clear the text and with it the search.
          e.preventDefault();
          onEscape();
        }}
        placeholder="Search products"
        className="h-9 w-full bg-transparent outline-none placeholder:text-gray-500"
      />
      {/* Without JavaScript the shop filter goes with the search too. */}
      {seller && <input type="hidden" name="seller" value={seller} />}
      <SearchIcon className="h-4 w-4 text-gray-600" />
    </form>
  );
}

/** A menu's click handler: a choice (a link or a button) closes the menu; a press on a blank spot inside it does not. */
const closeOnChoice = (close: () => void) => (e: MouseEvent) => {
  if ((e.target as Element).closest('a,button')) close();
};

/** Closes an open pop-up on Escape or on a press outside the element `ref` holds (the toggle included). */
function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    // A press or the keyboard's focus outside closes it (a menu left open behind the next control hid it).
    const outside = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      // An Escape the search box took (it closes the search) is not the menu's.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      close();
      // Back to the button that opened it, not to the page's start.
      ref.current?.querySelector<HTMLElement>('[aria-expanded=true]')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}

/** The logged-in shopper's menu: My Orders and Logout. Opens on click, closes on Escape, outside press or a choice. */
function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, useCallback(() => setOpen(false), []));
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="profile-menu"
        aria-label="Account"
        className="flex h-10 w-10 items-center justify-center rounded-full bg-primary/15 text-primary-ink"
      >
        <UserIcon className="h-5 w-5" />
      </button>
      {open && (
        <ul id="profile-menu" onClick={closeOnChoice(() => setOpen(false))} className="absolute top-12 right-0 z-40 w-36 rounded-md border border-gray-200 bg-white py-2 text-sm shadow-md">
          <li>
            <Link to={paths.myOrders} className="flex h-10 items-center px-3 hover:bg-primary/10">
              My Orders
            </Link>
          </li>
          <li>
            <Link to={paths.buyAgain} className="flex h-10 items-center px-3 hover:bg-primary/10">
              Buy again
            </Link>
          </li>
          <li>
            <button type="button" onClick={onLogout} className="flex h-10 w-full items-center px-3 hover:bg-primary/10">
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
