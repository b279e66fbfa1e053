import { useTheme, type Theme } from "./theme.ts";

/** Light, dark or system (the default), stored locally. */
export function ThemeSelect({ id }: { id: string }) {
  const theme = useTheme((state) => state.theme);
  const setTheme = useTheme((state) => state.setTheme);
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(event) => setTheme(event.target.value as Theme)}
        className="h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </div>
  );
}
