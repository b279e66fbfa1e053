// zod/mini as everywhere in the web app: the full zod here would pull its whole core into the first load (shared with the User check).
import * as z from "zod/mini";
import { COLOR_PREFERENCES_KEY, SIZE_PREFERENCES_KEY } from "@pixlings/shared/merch";

/** `userColorPreferences`: the colour last used for a preview. */
const ColorPreferences = z.object({ lastUsed: z.string().check(z.minLength(1), z.maxLength(100)) });
/** `userSizePreferences`: the size last used per product type (`T-Shirt` → `L`). */
const SizePreferences = z.record(z.string().check(z.maxLength(100)), z.string().check(z.minLength(1), z.maxLength(100)));

export interface MerchPreferences {
  lastColor: string | undefined;
  sizeByType: Record<string, string>;
}

/** Where the page keeps them; tests pass another Storage. */
const pageStorage = (): Storage => localStorage;

function read<T>(storage: Storage, key: string, schema: z.ZodMiniType<T>): T | undefined {
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
