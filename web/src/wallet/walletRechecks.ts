/** The spec's wallet re-check timings (ms). */
export const WALLET_RECHECK_MS = {
  /** The connected wallet's account and chain are re-read this often (some wallets miss events). */
  poll: 2_000,
  /** ...and once this long after connecting, when a wallet may still be settling its account. */
  afterConnect: 500,
  /** ...and once this long after a page load reconnected it. */
  afterRefresh: 100,
  /** On phones, while no wallet is found, look again this often (a wallet app's browser may inject late). */
  mobileDetect: 3_000,
  /** On phones, look again this long after the page regains focus (back from installing or opening a wallet app). */
  afterFocus: 1_000,
} as const;

export interface RecheckHooks {
  /** Re-reads the connected wallet's account and chain. */
  recheck(): void;
  /** Looks for wallets again. */
  detect(): void;
  mobile: boolean;
  /** Whether a wallet was found (then the mobile look-again poll rests). */
  hasWallets(): boolean;
  /** Where focus events arrive: the window. */
  focusTarget: Pick<EventTarget, "addEventListener" | "removeEventListener">;
}

/** Starts the re-checks; `afterConnect`/`afterRefresh` schedule the one-off ones. */
export function startRechecks(hooks: RecheckHooks): { afterConnect(): void; afterRefresh(): void; stop(): void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const once = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const intervals = [setInterval(() => hooks.recheck(), WALLET_RECHECK_MS.poll)];
  const onFocus = () => once(WALLET_RECHECK_MS.afterFocus, () => hooks.detect());
  if (hooks.mobile) {
    intervals.push(setInterval(() => hooks.hasWallets() || hooks.detect(), WALLET_RECHECK_MS.mobileDetect));
    hooks.focusTarget.addEventListener("focus", onFocus);
  }
  return {
    afterConnect: () => once(WALLET_RECHECK_MS.afterConnect, () => hooks.recheck()),
    afterRefresh: () => once(WALLET_RECHECK_MS.afterRefresh, () => hooks.recheck()),
    stop() {
      for (const interval of intervals) clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      hooks.focusTarget.removeEventListener("focus", onFocus);
    },
  };
}
