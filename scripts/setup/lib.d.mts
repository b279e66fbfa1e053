// Types for lib.mjs (plain JavaScript so that setup runs before TypeScript is installed).
export function hashInputs(root: string, files: readonly string[], extras?: readonly string[]): string;
export function listFiles(dir: string, keep?: (file: string) => boolean): string[];
export function createStamps(dir: string): {
  matches(step: string, hash: string): boolean;
  clear(step: string): void;
  write(step: string, hash: string): void;
};
export function run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string>;
export function workspacePackageDirs(root: string): string[];
export function readDotEnv(root: string): Record<string, string>;
