import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import { createWalletClient, defineChain, http, isHex, numberToHex, type Hex, type LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const PROVIDER_SCRIPT = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "provider.js"), "utf8");

/** EIP-1193 / EIP-1474 error codes the app must handle. */
const WALLET_ERRORS = {
  userRejected: { code: 4001, message: "User rejected the request." },
  unknownChain: { code: 4902, message: "Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first." },
  unsupportedMethod: { code: 4200, message: "The requested method is not supported by this wallet." },
} as const;

interface WalletChain {
  chainId: number;
  rpcUrl: string;
}

export interface TestWalletOptions {
  privateKey: Hex;
  /** Chains the wallet knows from the start (others need wallet_addEthereumChain). */
  chains: WalletChain[];
  /** The chain it is on at first (default: the first of `chains`). */
  chainId?: number;
}

interface RpcError {
  code: number;
  message: string;
}

type Answer = { result: unknown } | { error: RpcError };

/**
 * A browser wallet for tests: the page sees an EIP-6963 provider; this side signs with a local
 * key and forwards reads to the current chain's RPC. Tests flip `rejectNext*` to simulate a user
 * who says no.
 */
export class TestWallet {
  readonly account: LocalAccount;
  private readonly chains = new Map<number, string>();
  private chainId: number;
  private connected = false;
  private readonly pages = new Set<Page>();
  /** Requests seen, in order (method names), for assertions. */
  readonly requests: string[] = [];
  rejectNextSignature = false;
  rejectNextTransaction = false;
  rejectNextConnection = false;

  constructor(options: TestWalletOptions) {
    this.account = privateKeyToAccount(options.privateKey);
    for (const chain of options.chains) this.chains.set(chain.chainId, chain.rpcUrl);
    const first = options.chainId ?? options.chains[0]?.chainId;
    if (first === undefined || !this.chains.has(first)) throw new Error("TestWallet needs a known starting chain");
    this.chainId = first;
  }

  get address(): Hex {
    return this.account.address;
  }

  get currentChainId(): number {
    return this.chainId;
  }

  /** Injects the provider into every page of `context` (call before the first navigation). */
  async install(context: BrowserContext): Promise<void> {
    await context.exposeFunction("__pixlingsWallet", async (raw: string) => JSON.stringify(await this.answer(raw)));
    await context.addInitScript({ content: PROVIDER_SCRIPT });
    context.on("page", (page) => this.track(page));
    for (const page of context.pages()) this.track(page);
  }

  /** Moves the wallet to another chain as if the user switched in the wallet's own UI. */
  async switchChainExternally(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit("chainChanged", numberToHex(chainId));
  }

  /** Moves to another chain without telling the page (a wallet that misses its events). */
  switchChainSilently(chainId: number): void {
    if (!this.chains.has(chainId)) throw new Error(`the wallet does not know chain ${chainId}`);
    this.chainId = chainId;
  }

  private track(page: Page): void {
    this.pages.add(page);
    page.on("close", () => this.pages.delete(page));
  }

  private async emit(event: string, payload: unknown): Promise<void> {
    await Promise.all(
      [...this.pages].map((page) =>
        page
          .evaluate(([e, p]) => (window as unknown as { __pixlingsWalletEmit?: (e: string, p: unknown) => void }).__pixlingsWalletEmit?.(e, p), [
            event,
            payload,
          ] as const)
          .catch(() => undefined),
      ),
    );
  }

  private async answer(raw: string): Promise<Answer> {
    const { method, params } = JSON.parse(raw) as { method: string; params: unknown[] };
    this.requests.push(method);
    try {
      return { result: await this.handle(method, params) };
    } catch (error) {
      const rpc = error as Partial<RpcError>;
      if (typeof rpc.code === "number") return { error: { code: rpc.code, message: String(rpc.message) } };
      return { error: { code: -32603, message: (error as Error).message } };
    }
  }

  private rpcUrl(): string {
    return this.chains.get(this.chainId)!;
  }

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_chainId":
        return numberToHex(this.chainId);
      case "net_version":
        return String(this.chainId);
      case "eth_accounts":
        return this.connected ? [this.address] : [];
      case "eth_requestAccounts":
      case "wallet_requestPermissions":
        if (this.rejectNextConnection) {
          this.rejectNextConnection = false;
          throw WALLET_ERRORS.userRejected;
        }
        this.connected = true;
        await this.emit("accountsChanged", [this.address]);
        return method === "eth_requestAccounts" ? [this.address] : [{ parentCapability: "eth_accounts" }];
      case "wallet_getPermissions":
        return this.connected ? [{ parentCapability: "eth_accounts" }] : [];
      case "wallet_revokePermissions":
        this.connected = false;
        await this.emit("accountsChanged", []);
        return null;
      case "wallet_switchEthereumChain":
        return this.switchChain(Number((params[0] as { chainId: string }).chainId));
      case "wallet_addEthereumChain":
        return this.addChain(params[0] as { chainId: string; rpcUrls?: string[] });
      case "personal_sign":
        return this.signMessage(params[0] as Hex);
      case "eth_signTypedData_v4":
        this.requireConnected();
        return this.account.signTypedData!(JSON.parse(params[1] as string));
      case "eth_sendTransaction":
        return this.sendTransaction(params[0] as TransactionRequest);
      default:
        return this.forward(method, params);
    }
  }

  private requireConnected(): void {
    if (!this.connected) throw { code: 4100, message: "The requested account has not been authorized by the user." };
  }

  private async switchChain(chainId: number): Promise<null> {
    if (!this.chains.has(chainId)) throw WALLET_ERRORS.unknownChain;
    if (chainId !== this.chainId) {
      this.chainId = chainId;
      await this.emit("chainChanged", numberToHex(chainId));
    }
    return null;
  }

  private async addChain(chain: { chainId: string; rpcUrls?: string[] }): Promise<null> {
    const chainId = Number(chain.chainId);
    const rpcUrl = chain.rpcUrls?.[0];
    if (!rpcUrl) throw { code: -32602, message: "rpcUrls is required" };
    if (!this.chains.has(chainId)) this.chains.set(chainId, rpcUrl);
    return this.switchChain(chainId);
  }

  private async signMessage(message: Hex): Promise<Hex> {
    this.requireConnected();
    if (this.rejectNextSignature) {
      this.rejectNextSignature = false;
      throw WALLET_ERRORS.userRejected;
    }
    return this.account.signMessage({ message: isHex(message) ? { raw: message } : message });
  }

  private async sendTransaction(tx: TransactionRequest): Promise<Hex> {
    this.requireConnected();
    if (this.rejectNextTransaction) {
      this.rejectNextTransaction = false;
      throw WALLET_ERRORS.userRejected;
    }
    const chain = defineChain({
      id: this.chainId,
      name: `Chain ${this.chainId}`,
      nativeCurrency: { name: "Coin", symbol: "COIN", decimals: 18 },
      rpcUrls: { default: { http: [this.rpcUrl()] } },
    });
    const client = createWalletClient({ account: this.account, chain, transport: http(this.rpcUrl()) });
    return client.sendTransaction({
      chain,
      to: tx.to,
      data: tx.data,
      value: tx.value === undefined ? undefined : BigInt(tx.value),
      gas: tx.gas === undefined ? undefined : BigInt(tx.gas),
    });
  }

  private async forward(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(this.rpcUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw body.error;
    return body.result;
  }
}

interface TransactionRequest {
  to?: Hex;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}
