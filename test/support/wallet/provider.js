// An EIP-1193 provider announced through EIP-6963, injected into every page by the browser tests.
// Plain JavaScript on purpose: Playwright adds it as an init script, untranspiled. Every request
// goes to the Node side (`__pixlingsWallet`, see testWallet.ts), which holds the key and the
// chain connections; the Node side pushes events back through `__pixlingsWalletEmit`.
(() => {
  const listeners = new Map();
  const emit = (event, payload) => {
    for (const listener of listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error(error);
      }
    }
  };
  const provider = {
    isPixlingsTestWallet: true,
    async request({ method, params }) {
      const answer = await window.__pixlingsWallet(JSON.stringify({ method, params: params ?? [] }));
      const { result, error } = JSON.parse(answer);
      if (error) throw Object.assign(new Error(error.message), { code: error.code, data: error.data });
      return result;
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  window.__pixlingsWalletEmit = emit;
  const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 9 9'%3E%3Crect width='9' height='9' fill='%23f59e0b'/%3E%3C/svg%3E";
  const detail = Object.freeze({
    info: Object.freeze({ uuid: "6f1c2b8e-7d3a-4e55-9a0b-2c1d3e4f5a6b", name: "Pixlings Test Wallet", icon, rdns: "dev.pixlings.testwallet" }),
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();
