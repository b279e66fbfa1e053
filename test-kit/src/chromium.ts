import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** A Chromium build from Debian's packages (TOOLCHAIN.md: never `npx playwright install`; no network but Debian's mirror). */
export interface ChromiumBuild {
  executable: string;
  debianPackage: string;
}

/**
 * What the browser tests drive: Chromium's headless shell, as Playwright itself does for headless
 * runs. The same Blink without the full browser's machinery: about a tenth less CPU for the same
 * specs (docs/testing.md, "CPU"). `CHROMIUM_PATH` points at another.
 */
export const TEST_CHROMIUM: ChromiumBuild = {
  executable: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  debianPackage: "chromium-headless-shell",
};

/** What `bench:web` times pages in: the full browser, as a collector's (its figures were always taken in it). */
export const FULL_CHROMIUM: ChromiumBuild = {
  executable: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  debianPackage: "chromium",
};

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

/** Installs `build` from Debian's packages when it is missing (needs root, as `.ci/run` is); answers its executable. */
export function ensureChromium(build: ChromiumBuild): string {
  const { executable, debianPackage } = build;
  if (existsSync(executable)) return executable;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${executable}: run \`sudo apt-get install -y ${debianPackage}\` or set CHROMIUM_PATH`);
  }
  console.log(`[e2e] installing Chromium from Debian's packages (apt-get install ${debianPackage}) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Under the lock, a run that waited finds it installed by the other and installs nothing.
  const install = 'test -e "$0" || { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$1"; }';
  execFileSync("flock", [INSTALL_LOCK, "sh", "-c", install, executable, debianPackage], { stdio: "inherit", env });
  if (!existsSync(executable)) throw new Error(`apt-get installed ${debianPackage} but ${executable} does not exist`);
  return executable;
}
