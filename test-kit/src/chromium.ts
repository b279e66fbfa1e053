import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Chromium (TOOLCHAIN.md: never `npx playwright install`; no network but Debian's mirror). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for a quiet, offline, headless Chromium in a container. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Held while Chromium is installed: two browser test runs starting together install it once. */
const INSTALL_LOCK = "/var/lock/pixlings-chromium-install";

/** Installs Chromium from Debian's packages when it is missing (needs root, as `.ci/run` is). */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: run \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH`);
  }
  console.log("[e2e] installing Chromium from Debian's packages (apt-get install chromium) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Under the lock, a run that waited finds it installed by the other and installs nothing.
  const install = 'test -e "$0" || { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium; }';
  execFileSync("flock", [INSTALL_LOCK, "sh", "-c", install, CHROMIUM_PATH], { stdio: "inherit", env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
  return CHROMIUM_PATH;
}
