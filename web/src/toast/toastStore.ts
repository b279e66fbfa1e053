import { create } from "zustand";

type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * What the toast reports on, when showing that thing makes it redundant: "cart" (added, already
   * there, removed) goes when the cart opens, whose bottom and Checkout button it covers on a phone.
   */
  about?: "cart";
}

interface ToastMessage extends ToastInput {
  id: number;
  variant: ToastVariant;
  /** The page it was raised on: a toast belongs to its page and goes when the visitor leaves it. */
  path: string;
}

interface ToastState {
  /** At most one toast: a new one replaces the previous (spec). */
  current: ToastMessage | null;
  show(input: ToastInput): void;
  dismiss(): void;
  /** Drops the current toast if it reports on `about`. */
  dropAbout(about: NonNullable<ToastInput["about"]>): void;
  /**
   * After a navigation to `path`: drops a toast raised on another page. A page that navigates and
   * then toasts (the history changes at once) keeps its toast on the page it went to.
   */
  leftFor(path: string): void;
}

let nextId = 1;

const currentPath = (): string => (typeof window === "undefined" ? "" : window.location.pathname);

export const useToastStore = create<ToastState>()((set, get) => ({
  current: null,
  show: (input) => set({ current: { ...input, variant: input.variant ?? "default", id: nextId++, path: currentPath() } }),
  dismiss: () => set({ current: null }),
  dropAbout: (about) => {
    if (get().current?.about === about) set({ current: null });
  },
  leftFor: (path) => {
    const { current } = get();
    if (current && current.path !== path) set({ current: null });
  },
}));

/** Shows a toast from anywhere (event handlers, async flows). */
export function toast(input: ToastInput): void {
  useToastStore.getState().show(input);
}
