import { z } from "zod";
import { COLOR_PREFERENCES_KEY, SIZE_PREFERENCES_KEY } from "@pixlings/shared/merch";

/** `userColorPreferences`: the colour last used for a preview. */
const ColorPreferences = z.object({ lastUsed: z.string().min(1).max(100) });
/** `userSizePreferences`: the size last used per product type (`T-Shirt` → `L`). */
const SizePreferences = z.record(z.string().max(100), z.string().min(1).max(100));

export interface MerchPreferences {
  lastColor: string | undefined;
  sizeByType: Record<string, string>;
}

/** Where the page keeps them; tests pass another Storage. */
const pageStorage = (): Storage => localStorage;

function read<T>(storage: Storage, key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The remembered choices; anything unreadable (another app's data, hand edits) counts as none. */
export function readMerchPreferences(storage: () => Storage = pageStorage): MerchPreferences {
  return {
    lastColor: read(storage(), COLOR_PREFERENCES_KEY, ColorPreferences)?.lastUsed,
    sizeByType: read(storage(), SIZE_PREFERENCES_KEY, SizePreferences) ?? {},
  };
}

/** Remembers a preview's colour and, for its product type, its size. */
export function saveMerchPreferences(color: string, productType: string, size: string, storage: () => Storage = pageStorage): void {
  try {
    storage().setItem(COLOR_PREFERENCES_KEY, JSON.stringify({ lastUsed: color }));
    storage().setItem(SIZE_PREFERENCES_KEY, JSON.stringify({ ...readMerchPreferences(storage).sizeByType, [productType]: size }));
  } catch {
    // Storage full or blocked: the preview still worked, only the choice is not remembered.
  }
}
