import { create } from "zustand";

export type Theme = "light" | "dark" | "system";
/** Read before the first paint by public/themeInit.js: keep the key in sync with it. */
const THEME_KEY = "pixlings_theme";

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

const systemDark = (): boolean => typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;

export function applyTheme(theme: Theme): void {
  const dark = theme === "dark" || (theme === "system" && systemDark());
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const useTheme = create<ThemeState>()((set) => ({
  theme: typeof window === "undefined" ? "system" : readTheme(),
  setTheme: (theme) => {
    try {
      if (theme === "system") localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Not stored: the choice lasts for this page only.
    }
    applyTheme(theme);
    set({ theme });
  },
}));

/** Follows the operating system's scheme while the theme is "system". */
export function watchSystemTheme(): void {
  if (typeof matchMedia !== "function") return;
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (useTheme.getState().theme === "system") applyTheme("system");
  });
}
