import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

const ARCH_NAMES: Partial<Record<string, string>> = { x64: "amd64", arm64: "arm64" };

/**
 * The anvil executable from @foundry-rs/anvil's platform package. Spawning it directly (not the
 * npm shim chain sh -> node -> anvil) lets SIGTERM reach anvil, which then dumps its state.
 */
export function anvilBinary(): string {
  const arch = ARCH_NAMES[process.arch];
  const binary = process.platform === "win32" ? "anvil.exe" : "anvil";
  const wrapper = require.resolve("@foundry-rs/anvil/package.json");
  const candidate = arch
    ? (() => {
        try {
          return createRequire(wrapper).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`);
        } catch {
          return undefined;
        }
      })()
    : undefined;
  if (!candidate || !existsSync(candidate)) {
    throw new Error(`No anvil binary for ${process.platform}-${process.arch} in @foundry-rs/anvil (run \`npm run setup\`).`);
  }
  return candidate;
}
