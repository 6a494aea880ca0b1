import type { CartItems, Product, User } from '@greencart/shared';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { env } from '../config/env';
import { api } from '../lib/api-client';
import { addItem, countItems, removeItem, setItemQuantity } from './cart-logic';

/**
 * The app state of spec section 4: who is logged in, the seller flag, the catalogue and the cart.
 * Loaded once at start; an auth check that fails silently means "logged out".
 */
export interface ShopState {
  currency: string;
  user: User | null;
  setUser: (user: User | null) => void;
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
  /** Ends the shopper's session on the server and forgets the user and their cart here. */
  logout: () => Promise<void>;
  showUserLogin: boolean;
  setShowUserLogin: (show: boolean) => void;
  searchQuery: string;
  setSearchQuery: (query: string) => void;
}

const ShopContext = createContext<ShopState | null>(null);

export const VISITOR_CART_KEY = 'greencart:cart';

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

  // Spec section 4: both auth checks and the product list load once at start.
  useEffect(() => {
    void reloadProducts();
    api
      .get<{ user: User }>('/api/user/is-auth', { silent: true })
      .then(({ user: current }) => {
        setUser(current);
        setCartItems(current.cartItems);
      })
      .catch(() => setUser(null));
    api
      .get('/api/seller/is-auth', { silent: true })
      .then(() => setIsSeller(true))
      .catch(() => setIsSeller(false));
  }, [reloadProducts]);

  // A visitor's cart lives in the browser so it survives a reload.
  useEffect(() => {
    if (!user) localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(cartItems));
  }, [cartItems, user]);

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
    setUser(null);
    setCartItems({});
    toast.success('Logged out');
  }, []);

  const value = useMemo<ShopState>(
    () => ({
      currency: env.currency,
      user,
      setUser,
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
      logout,
      showUserLogin,
      setShowUserLogin,
      searchQuery,
      setSearchQuery,
    }),
    [user, isSeller, products, productsStatus, reloadProducts, cartItems, addToCart, updateCartItem, removeFromCart, logout, showUserLogin, searchQuery],
  );
  return <ShopContext value={value}>{children}</ShopContext>;
}

export function useShop(): ShopState {
  const state = use(ShopContext);
  if (!state) throw new Error('useShop must be used inside <ShopProvider>');
  return state;
}
