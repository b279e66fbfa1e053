import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

/**
 * Writes `content` unless the file already holds exactly it, so watchers (Vite, Ponder, tsc)
 * see no change when nothing changed. Returns whether the file was written.
 */
export function writeIfChanged(file: string, content: string): boolean {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}
