import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import type { Cart } from '@kanna/shared/orders';
import { useSyncExternalStore } from 'react';
import { ApiError, call } from './api-client';
import type { SessionState } from './session';

/**
 * The cart every screen shares (the navbar's badge, the catalogue's and the purchase page's
 * "Add to cart", the cart page, "Order again"): which tools, how many of each. Prices are never
 * kept here; they are always today's (the server's GET/PUT /api/cart, or the shared rules).
 *
 * A visitor's cart lives in this browser (localStorage). A signed-in buyer's cart lives on the
 * server, per account; at sign-in the browser's cart joins it (merged, PUT, then the local copy
 * is cleared). Kept small and free of the data library, because the navbar is in the home page's
 * first download: the endpoint contracts are imported only when the server is asked.
 */

export type CartItem = { toolId: string; quantity: number };

export type CartSnapshot = {
  /** Whose cart: nobody yet while the session is asked for, this browser's, or the account's. */
  owner: 'unknown' | 'visitor' | 'account';
  /** `loading` while the account's cart is read (and joined with this browser's). */
  status: 'loading' | 'ready' | 'error';
  items: readonly CartItem[];
  /** The server's last answer for the account's cart: today's prices and each line's problem. */
  priced: Cart | null;
  /** Why the account's cart could not be read or saved. */
  error: string | null;
};

const STORAGE_KEY = 'kanna.cart';
const SAVE_DELAY_MS = 250;

let state: CartSnapshot = { owner: 'unknown', status: 'loading', items: [], priced: null, error: null };
let accountEmail: string | null = null;
/** Bumped whenever the owner changes, so an answer for the previous owner is ignored. */
let generation = 0;
let ready: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function set(next: Partial<CartSnapshot>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const isItem = (v: unknown): v is CartItem =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as CartItem).toolId === 'string' &&
  Number.isInteger((v as CartItem).quantity) &&
  (v as CartItem).quantity > 0;

/** Only well-formed lines, each tool once, at most 50. */
function clean(items: readonly unknown[]): CartItem[] {
  const seen = new Set<string>();
  const out: CartItem[] = [];
  for (const item of items) {
    if (!isItem(item) || seen.has(item.toolId) || out.length >= MAX_ORDER_LINES) continue;
    seen.add(item.toolId);
    out.push({ toolId: item.toolId, quantity: item.quantity });
  }
  return out;
}

function readLocal(): CartItem[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const lines = (parsed as { lines?: unknown } | null)?.lines;
    return Array.isArray(lines) ? clean(lines) : [];
  } catch {
    return [];
  }
}

function writeLocal(items: readonly CartItem[]) {
  try {
    if (items.length === 0) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ lines: items }));
  } catch {
    // Private browsing with storage off: the cart lasts as long as the page.
  }
}

/**
 * The account's cart joined with this browser's: each tool once, the larger quantity when both
 * have it (signing in twice on one machine must not double a line), the account's lines first,
 * at most 50.
 */
export function mergeCarts(account: readonly CartItem[], local: readonly CartItem[]): CartItem[] {
  const merged = account.map((item) => ({ ...item }));
  for (const item of local) {
    const same = merged.find((m) => m.toolId === item.toolId);
    if (same) same.quantity = Math.max(same.quantity, item.quantity);
    else merged.push({ ...item });
  }
  return clean(merged);
}

const answerLines = (cart: unknown): CartItem[] => {
  const lines = (cart as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? clean(lines) : [];
};
const asCart = (cart: unknown): Cart | null =>
  Array.isArray((cart as { lines?: unknown } | null)?.lines) ? (cart as Cart) : null;

const message = (error: unknown) =>
  error instanceof Error ? error.message : 'The cart could not be reached. Please try again.';

/**
 * PUT the account's cart. A tool the server does not know (taken off the catalogue for good) is
 * dropped and the rest sent again, so one stale line cannot keep the cart from saving.
 */
async function put(items: readonly CartItem[]): Promise<Cart> {
  const { putCart } = await import('@kanna/shared/api/orders');
  try {
    return await call(putCart, {
      body: { lines: items.map((i) => ({ toolId: i.toolId, quantity: i.quantity })) },
    });
  } catch (error) {
    const unknown = new Set(
      error instanceof ApiError && error.statusCode === 400
        ? error.errors.flatMap((e) => {
            const match = /^lines\.(\d+)\.toolId$/.exec(e.path);
            return match ? [Number(match[1])] : [];
          })
        : [],
    );
    if (unknown.size === 0) throw error;
    return put(items.filter((_, i) => !unknown.has(i)));
  }
}

async function loadAccount(email: string, mine: number) {
  const { getCart } = await import('@kanna/shared/api/orders');
  let answer: unknown = await call(getCart);
  if (mine !== generation) return;
  const local = readLocal();
  if (local.length > 0) {
    answer = await put(mergeCarts(answerLines(answer), local));
    if (mine !== generation) return;
    writeLocal([]);
  }
  accountEmail = email;
  set({ status: 'ready', items: answerLines(answer), priced: asCart(answer), error: null });
}

/**
 * Follows the session (the navbar calls this whenever it changes): a visitor's cart is this
 * browser's; at sign-in the account's cart is read and this browser's joins it.
 */
export function connectCart(session: SessionState): void {
  if (session.status === 'loading') return;
  if (session.status === 'signed-out') {
    if (state.owner === 'visitor') return;
    generation++;
    accountEmail = null;
    ready = Promise.resolve();
    set({ owner: 'visitor', status: 'ready', items: readLocal(), priced: null, error: null });
    return;
  }
  const email = session.user.email.toLowerCase();
  if (state.owner === 'account' && accountEmail === email && state.status !== 'error') return;
  const mine = ++generation;
  accountEmail = email;
  set({ owner: 'account', status: 'loading', items: [], priced: null, error: null });
  ready = loadAccount(email, mine).catch((error: unknown) => {
    if (mine === generation) set({ status: 'error', error: message(error) });
  });
}

/** Reads the account's cart again after it failed. */
export function retryCart(): void {
  if (state.owner !== 'account' || !accountEmail) return;
  const mine = ++generation;
  set({ status: 'loading', error: null });
  ready = loadAccount(accountEmail, mine).catch((error: unknown) => {
    if (mine === generation) set({ status: 'error', error: message(error) });
  });
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> | null = null;
let unsaved = false;

/** Sends the account's cart, one PUT at a time; changes made meanwhile go in the next one. */
async function save(): Promise<void> {
  if (saving) await saving;
  if (!unsaved || state.owner !== 'account') return;
  unsaved = false;
  const mine = generation;
  const items = state.items;
  saving = put(items)
    .then((answer) => {
      if (mine !== generation) return;
      // Lines the server did not know were dropped: follow its answer unless more changed meanwhile.
      if (!unsaved) set({ items: answerLines(answer), priced: asCart(answer), error: null });
      else set({ error: null });
    })
    .catch((error: unknown) => {
      if (mine === generation) set({ error: message(error) });
    })
    .finally(() => {
      saving = null;
    });
  await saving;
  if (unsaved) await save();
}

function store(items: CartItem[]) {
  set({ items });
  if (state.owner === 'account') {
    unsaved = true;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save(), SAVE_DELAY_MS);
  } else {
    writeLocal(items);
  }
}

/** Waits until every change is on the server (the checkout and a test call it). */
export async function flushCart(): Promise<void> {
  clearTimeout(saveTimer);
  // The last save failed: send the cart again.
  if (state.owner === 'account' && state.status === 'ready' && state.error) unsaved = true;
  await save();
}

/** Whether adding worked: `full` when the cart already has 50 lines and the tool is not one of them. */
export type AddResult = 'added' | 'full';

/** Adds pieces of tools (a line's quantity grows when its tool is already in the cart). */
export async function addToCart(adds: readonly CartItem[]): Promise<AddResult> {
  await ready;
  // Before the session is known, this browser's cart (it joins the account's at sign-in).
  const items = (state.owner === 'unknown' ? readLocal() : state.items).map((i) => ({ ...i }));
  let result: AddResult = 'added';
  for (const add of adds) {
    const same = items.find((i) => i.toolId === add.toolId);
    if (same) same.quantity += add.quantity;
    else if (items.length >= MAX_ORDER_LINES) result = 'full';
    else items.push({ toolId: add.toolId, quantity: add.quantity });
  }
  store(items);
  return result;
}

/** Sets one line's quantity. */
export function setCartQuantity(toolId: string, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  store(state.items.map((i) => (i.toolId === toolId ? { ...i, quantity } : i)));
}

export function removeFromCart(toolId: string): void {
  store(state.items.filter((i) => i.toolId !== toolId));
}

/** Empties the cart (after an order took every line). */
export function clearCart(): void {
  store([]);
}

function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getCartSnapshot = (): CartSnapshot => state;

export const useCart = (): CartSnapshot =>
  useSyncExternalStore(subscribeCart, getCartSnapshot, getCartSnapshot);

const countOf = () => (state.owner === 'unknown' ? null : state.items.length);

/**
 * The number of lines for the navbar's badge; null until it is known whose cart it is (always,
 * on the server and while a server-rendered page hydrates).
 */
export const useCartCount = (): number | null => useSyncExternalStore(subscribeCart, countOf, () => null);

// Another tab changed the visitor's cart: show the same.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && state.owner === 'visitor') set({ items: readLocal() });
  });
}

/** Back to "nobody yet" (tests start every case from here). */
export function resetCart(): void {
  generation++;
  accountEmail = null;
  clearTimeout(saveTimer);
  unsaved = false;
  ready = Promise.resolve();
  state = { owner: 'unknown', status: 'loading', items: [], priced: null, error: null };
  for (const listener of listeners) listener();
}
