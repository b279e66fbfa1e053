import { COLLECTION } from "@pixlings/shared/collection";
import { create } from "zustand";
import { persist, type PersistStorage } from "zustand/middleware";
import type { Nft } from "@pixlings/shared/http/nfts";

/** localStorage key of the cart: the spec's "{product}_cart_items". */
export const CART_STORAGE_KEY = `${COLLECTION.slug}_cart_items`;
export const CART_MAX = COLLECTION.maxCart;

/** A cart row (spec): the Pix and a quantity that is always 1. */
export interface CartItem {
  nft: Nft;
  quantity: 1;
}

export type AddResult = "added" | "full" | "duplicate";

export interface CartState {
  items: CartItem[];
  add(nft: Nft): AddResult;
  remove(tokenId: number): void;
  removeMany(tokenIds: readonly number[]): void;
  clear(): void;
}

/** The stored value is the plain list of cart items; anything malformed is dropped. */
function parseStoredItems(raw: string): CartItem[] {
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const entry of parsed) {
    const nft = (entry as { nft?: Partial<Nft> } | null)?.nft;
    if (!nft || typeof nft.tokenId !== "number" || items.some((item) => item.nft.tokenId === nft.tokenId)) continue;
    items.push({ nft: nft as Nft, quantity: 1 });
  }
  return items.slice(0, CART_MAX);
}

/** Persists only the items, as a JSON list under CART_STORAGE_KEY; storage errors are warned, not thrown. */
function cartStorage(backend: () => Storage | undefined): PersistStorage<Pick<CartState, "items">> {
  return {
    getItem: (name) => {
      try {
        const raw = backend()?.getItem(name);
        return raw ? { state: { items: parseStoredItems(raw) }, version: 0 } : null;
      } catch (error) {
        console.warn("Could not read the cart from storage", error);
        return null;
      }
    },
    setItem: (name, value) => {
      try {
        backend()?.setItem(name, JSON.stringify(value.state.items));
      } catch (error) {
        console.warn("Could not save the cart", error);
      }
    },
    removeItem: (name) => {
      try {
        backend()?.removeItem(name);
      } catch (error) {
        console.warn("Could not clear the stored cart", error);
      }
    },
  };
}

/** A cart store persisted in `backend` (localStorage in the page). */
export function createCartStore(backend: () => Storage | undefined) {
  return create<CartState>()(
    persist(
      (set, get) => ({
        items: [],
        add: (nft) => {
          const { items } = get();
          if (items.some((item) => item.nft.tokenId === nft.tokenId)) return "duplicate";
          if (items.length >= CART_MAX) return "full";
          set({ items: [...items, { nft, quantity: 1 }] });
          return "added";
        },
        remove: (tokenId) => set({ items: get().items.filter((item) => item.nft.tokenId !== tokenId) }),
        removeMany: (tokenIds) => set({ items: get().items.filter((item) => !tokenIds.includes(item.nft.tokenId)) }),
        clear: () => set({ items: [] }),
      }),
      { name: CART_STORAGE_KEY, storage: cartStorage(backend), partialize: (state) => ({ items: state.items }) },
    ),
  );
}
