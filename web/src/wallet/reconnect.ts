/** Set while a wallet is connected, so the next visit reconnects at start. */
const RECONNECT_KEY = "pixlings_wallet_connected";

export function rememberConnection(connected: boolean): void {
  try {
    if (connected) localStorage.setItem(RECONNECT_KEY, "1");
    else localStorage.removeItem(RECONNECT_KEY);
  } catch {
    // Private mode: the wallet just does not reconnect by itself.
  }
}

/** Whether the last visit ended connected (then the wallet code loads at start). */
export function wasConnected(): boolean {
  try {
    return localStorage.getItem(RECONNECT_KEY) === "1";
  } catch {
    return false;
  }
}
