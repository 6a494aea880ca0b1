import type { CartItems, Product, User } from '@greencart/shared';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { env } from '../config/env';
import { api } from '../lib/api-client';
import { addItem, countItems, mergeCarts, removeItem, setItemQuantity, toCartLines, withExistingProducts, type CartLine } from './cart-logic';

/**
 * The app state of spec section 4: who is logged in, the seller flag, the catalogue and the cart.
 * Loaded once at start; an auth check that fails silently means "logged out".
 */
export interface ShopState {
  currency: string;
  user: User | null;
  setUser: (user: User | null) => void;
  /** False until the start-up auth check has answered (screens that need a user wait for it). */
  authChecked: boolean;
  /** After login or sign-up: merges the visitor cart into the account's and saves it. */
  completeLogin: (user: User) => void;
  isSeller: boolean;
  setIsSeller: (isSeller: boolean) => void;
  products: Product[];
  productsStatus: 'loading' | 'ready' | 'error';
  reloadProducts: () => Promise<void>;
  cartItems: CartItems;
  setCartItems: (cart: CartItems) => void;
  addToCart: (productId: string) => void;
  updateCartItem: (productId: string, quantity: number) => void;
  removeFromCart: (productId: string) => void;
  cartCount: number;
  /** The cart with its products; checkout and totals use only the `available` lines. */
  cartLines: CartLine[];
  /** Ends the shopper's session on the server and forgets the user and their cart here. */
  logout: () => Promise<void>;
  showUserLogin: boolean;
  setShowUserLogin: (show: boolean) => void;
  searchQuery: string;
  setSearchQuery: (query: string) => void;
}

const ShopContext = createContext<ShopState | null>(null);

export const VISITOR_CART_KEY = 'greencart:cart';
/** A burst of cart clicks becomes one save (issue 4: debounced, last write wins). */
export const CART_SAVE_DELAY_MS = 400;

function readVisitorCart(): CartItems {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, q]) => Number.isInteger(q) && q >= 1 && q <= 9)) as CartItems;
  } catch {
    return {};
  }
}

export function ShopProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [authChecked, setAuthChecked] = useState(false);
  const [isSeller, setIsSeller] = useState(false);
  const [products, setProducts] = useState<Product[]>([]);
  const [productsStatus, setProductsStatus] = useState<ShopState['productsStatus']>('loading');
  const [cartItems, setCartItems] = useState<CartItems>(readVisitorCart);
  const [showUserLogin, setShowUserLogin] = useState(false);
  const [searchQuery, setSearchQuery] = useState('');

  const reloadProducts = useCallback(
    () =>
      api
        .get<{ products: Product[] }>('/api/product/list', { silent: true })
        .then(({ products: list }) => {
          setProducts(list);
          setProductsStatus('ready');
        })
        .catch(() => {
          setProductsStatus('error');
          toast.error('Error fetching products');
        }),
    [],
  );

  /** The cart as the server last stored it (JSON), so an unchanged cart is not sent again. */
  const savedCart = useRef<string | undefined>(undefined);

  // Spec section 4: both auth checks and the product list load once at start.
  useEffect(() => {
    void reloadProducts();
    api
      .get<{ user: User }>('/api/user/is-auth', { silent: true })
      .then(({ user: current }) => {
        savedCart.current = JSON.stringify(current.cartItems);
        setUser(current);
        setCartItems(current.cartItems);
      })
      .catch(() => setUser(null))
      .finally(() => setAuthChecked(true));
    api
      .get('/api/seller/is-auth', { silent: true })
      .then(() => setIsSeller(true))
      .catch(() => setIsSeller(false));
  }, [reloadProducts]);

  // A visitor's cart lives in the browser so it survives a reload.
  useEffect(() => {
    if (!user) localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(cartItems));
  }, [cartItems, user]);

  const completeLogin = useCallback((account: User) => {
    // The visitor cart is in state (not yet replaced by an account's); once merged it is the account's.
    localStorage.removeItem(VISITOR_CART_KEY);
    savedCart.current = JSON.stringify(account.cartItems);
    setUser(account);
    setCartItems((visitorCart) => mergeCarts(account.cartItems, visitorCart));
  }, []);

  // While logged in, every change saves the whole cart. Saves run one after another, so the
  // server always ends with the newest cart; lines of deleted products are not sent (the server
  // would refuse them) and wait for the catalogue to know which those are.
  const saveQueue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    if (!user || productsStatus !== 'ready') return;
    const toSave = withExistingProducts(cartItems, products);
    const body = JSON.stringify(toSave);
    if (body === savedCart.current) return;
    const save = (keepalive = false) => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', onPageHide);
      savedCart.current = body;
      saveQueue.current = saveQueue.current.then(() =>
        api.post('/api/cart/update', { cartItems: toSave }, { keepalive }).catch(() => {
          savedCart.current = undefined;
        }),
      );
    };
    // Leaving the page before the delay: send now, with keepalive so the browser finishes it.
    const onPageHide = () => save(true);
    const timer = setTimeout(save, CART_SAVE_DELAY_MS);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [user, cartItems, products, productsStatus]);

  const addToCart = useCallback((productId: string) => {
    setCartItems((cart) => addItem(cart, productId));
    toast.success('Product added to cart');
  }, []);
  const updateCartItem = useCallback((productId: string, quantity: number) => {
    setCartItems((cart) => setItemQuantity(cart, productId, quantity));
    toast.success('Cart Updated');
  }, []);
  const removeFromCart = useCallback((productId: string) => {
    setCartItems((cart) => removeItem(cart, productId));
    toast.success('removed from cart');
  }, []);

  const logout = useCallback(async () => {
    await api.get('/api/user/logout');
    savedCart.current = undefined;
    setUser(null);
    setCartItems({});
    toast.success('Logged out');
  }, []);

  const value = useMemo<ShopState>(
    () => ({
      currency: env.currency,
      user,
      setUser,
      authChecked,
      completeLogin,
      isSeller,
      setIsSeller,
      products,
      productsStatus,
      reloadProducts,
      cartItems,
      setCartItems,
      addToCart,
      updateCartItem,
      removeFromCart,
      cartCount: countItems(cartItems),
      cartLines: toCartLines(cartItems, products),
      logout,
      showUserLogin,
      setShowUserLogin,
      searchQuery,
      setSearchQuery,
    }),
    [user, authChecked, completeLogin, isSeller, products, productsStatus, reloadProducts, cartItems, addToCart, updateCartItem, removeFromCart, logout, showUserLogin, searchQuery],
  );
  return <ShopContext value={value}>{children}</ShopContext>;
}

export function useShop(): ShopState {
  const state = use(ShopContext);
  if (!state) throw new Error('useShop must be used inside <ShopProvider>');
  return state;
}
