// Loaded on demand (see loadWallet.ts): wagmi, its injected connector with EIP-6963 discovery,
// and the wallet actions the app needs. Its state is mirrored into useWalletStore.
import { pixlingsAbi } from "@pixlings/shared/contract";
import { isHash, type Address, type Chain, type Hash, type Hex } from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import { createConfig, http, injected, ProviderNotFoundError, type Config, type Connector } from "wagmi";
import {
  connect as wagmiConnect,
  disconnect as wagmiDisconnect,
  getConnection,
  getConnectorClient,
  reconnect,
  signMessage as wagmiSignMessage,
  switchChain as wagmiSwitchChain,
  watchConnection,
  watchConnectors,
  writeContract,
} from "wagmi/actions";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { chainToFollow } from "../chains/chainPreference.ts";
import { useChainPreference } from "../chains/useChainPreference.ts";
import { NoAccountsError, NoTransactionHashError, NoWalletError, UnsupportedChainError, WalletNotConnectedError } from "../errors/appErrors.ts";
import { isMobile } from "./isMobile.ts";
import { rememberConnection } from "./reconnect.ts";
import { toWagmiChain } from "./toWagmiChain.ts";
import { startRechecks } from "./walletRechecks.ts";
import { useWalletStore, type WalletOption } from "./walletStore.ts";

interface MintTransaction {
  chainId: number;
  contract: Address;
  ids: readonly bigint[];
  deadline: bigint;
  signature: Hex;
  value: bigint;
}

export interface WalletModule {
  connect(walletId: string): Promise<void>;
  disconnect(): Promise<void>;
  switchChain(chainId: number): Promise<void>;
  signMessage(message: string): Promise<Hex>;
  /** Sends contract `mint(ids, deadline, signature)` with `value` from the connected wallet. */
  sendMint(tx: MintTransaction): Promise<Hash>;
  /** Waits (through the wallet's own provider) until the transaction is mined. */
  waitForReceipt(chainId: number, hash: Hash): Promise<"success" | "reverted">;
}

/** The wallets to offer: every EIP-6963 wallet, else the plain injected provider if there is one. */
function walletOptions(connectors: readonly Connector[]): WalletOption[] {
  const option = (c: Connector): WalletOption => ({ id: c.uid, name: c.name, icon: c.icon });
  const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  if (announced.length > 0) return announced.map(option);
  const hasInjected = typeof window !== "undefined" && "ethereum" in window && Boolean((window as { ethereum?: unknown }).ethereum);
  return hasInjected ? connectors.filter((c) => c.id === "injected").map(option) : [];
}

export function startWallet(chainInfos: readonly ChainInfo[]): WalletModule {
  const chains = chainInfos.map(toWagmiChain);
  if (chains.length === 0) throw new Error("No chains are on sale (GET /api/chains is empty)");
  const config: Config = createConfig({
    chains: chains as [Chain, ...Chain[]],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    // Reads go through the wallet; these transports are only wagmi's required defaults.
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
  });

  const mirror = (): void => {
    const connection = getConnection(config);
    const previousChain = useWalletStore.getState().chainId;
    useWalletStore.setState({
      status: connection.status,
      address: connection.address,
      chainId: connection.chainId,
      walletName: connection.connector?.name,
    });
    if (connection.status === "connected") rememberConnection(true);
    if (connection.status === "disconnected") rememberConnection(false);
    if (connection.status === "connected" && connection.chainId !== previousChain) {
      const follow = chainToFollow(chainInfos, connection.chainId, useChainPreference.getState().stored ?? undefined);
      if (follow !== undefined) useChainPreference.getState().choose(follow);
    }
  };
  watchConnection(config, { onChange: mirror });
  // Spec: besides its events, the wallet is re-checked (walletRechecks.ts: some wallets miss events).
  const recheck = async (): Promise<void> => {
    const { status, connector, address, chainId } = getConnection(config);
    if (status !== "connected" || !connector) return;
    const [accounts, current] = await Promise.all([connector.getAccounts(), connector.getChainId()]);
    if (accounts[0]?.toLowerCase() !== address?.toLowerCase()) connector.onAccountsChanged(accounts.map(String));
    else if (current !== chainId) connector.onChainChanged(String(current));
  };
  // Looks for wallets again: EIP-6963 wallets announce once more, and a provider injected late counts.
  const detect = (): void => {
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    useWalletStore.setState({ wallets: walletOptions(config.connectors) });
  };
  const rechecks = startRechecks({
    recheck: () => void recheck().catch(() => undefined),
    detect,
    mobile: isMobile(),
    hasWallets: () => useWalletStore.getState().wallets.length > 0,
    focusTarget: window,
  });
  watchConnectors(config, { onChange: (connectors) => useWalletStore.setState({ wallets: walletOptions(connectors) }) });
  useWalletStore.setState({ wallets: walletOptions(config.connectors) });
  mirror();
  void reconnect(config)
    .then((connections) => {
      if (connections.length > 0) rechecks.afterRefresh();
    })
    .finally(mirror);

  const connected = (): Address => {
    const connection = getConnection(config);
    if (connection.status !== "connected") throw new WalletNotConnectedError();
    return connection.address;
  };

  const switchChain = async (chainId: number): Promise<void> => {
    if (!chains.some((chain) => chain.id === chainId)) throw new UnsupportedChainError(chainId);
    connected();
    if (getConnection(config).chainId === chainId) return;
    await wagmiSwitchChain(config, { chainId });
  };

  return {
    async connect(walletId) {
      const connector = config.connectors.find((c) => c.uid === walletId);
      if (!connector) throw new NoWalletError(isMobile());
      let accounts: readonly Address[];
      try {
        ({ accounts } = await wagmiConnect(config, { connector }));
      } catch (error) {
        if (error instanceof ProviderNotFoundError) throw new NoWalletError(isMobile());
        throw error;
      }
      if (accounts.length === 0) {
        await wagmiDisconnect(config, { connector }).catch(() => undefined);
        throw new NoAccountsError();
      }
      rechecks.afterConnect();
    },
    async disconnect() {
      await wagmiDisconnect(config);
      rememberConnection(false);
    },
    switchChain,
    async signMessage(message) {
      const account = connected();
      return wagmiSignMessage(config, { account, message });
    },
    async sendMint(tx) {
      const account = connected();
      await switchChain(tx.chainId);
      const hash: unknown = await writeContract(config, {
        account,
        chainId: tx.chainId,
        address: tx.contract,
        abi: pixlingsAbi,
        functionName: "mint",
        args: [tx.ids, tx.deadline, tx.signature],
        value: tx.value,
      });
      // A wallet that answers without a hash has sent nothing we can follow.
      if (typeof hash !== "string" || !isHash(hash)) throw new NoTransactionHashError();
      return hash;
    },
    async waitForReceipt(chainId, hash) {
      const client = await getConnectorClient(config, { chainId, assertChainId: false });
      const receipt = await waitForTransactionReceipt(client, { hash, pollingInterval: 1_000, timeout: 10 * 60_000 });
      return receipt.status;
    },
  };
}
