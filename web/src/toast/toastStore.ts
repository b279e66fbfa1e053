import { create } from "zustand";

type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastMessage extends ToastInput {
  id: number;
  variant: ToastVariant;
}

interface ToastState {
  /** At most one toast: a new one replaces the previous (spec). */
  current: ToastMessage | null;
  show(input: ToastInput): void;
  dismiss(): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  current: null,
  show: (input) => set({ current: { ...input, variant: input.variant ?? "default", id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

/** Shows a toast from anywhere (event handlers, async flows). */
export function toast(input: ToastInput): void {
  useToastStore.getState().show(input);
}
