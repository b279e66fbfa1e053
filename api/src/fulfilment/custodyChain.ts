import {
  createPublicClient,
  createWalletClient,
  http,
  type Account,
  type Address,
  type Chain,
  type LocalAccount,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CHAINS } from "@pixlings/shared/chains";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";
import type { CustodyKeys } from "../config/custodyConfig.ts";

/** The primary chain as custody sales use it: where card and freemint Pix are minted and held. */
export interface CustodyChain {
  sale: SaleChain;
  chain: Chain;
  client: PublicClient;
  /** Mints to custody (ROLE_MINTER). */
  minter: LocalAccount;
  /** Holds card Pix and transfers them to their buyers' wallets. */
  custody: LocalAccount;
  contract: Address;
  /** A wallet client of one of the two keys (signs locally; the RPC only relays). */
  walletOf(account: LocalAccount): WalletClient<Transport, Chain, Account>;
}

/** The primary chain (the first on sale) with the custody keys; undefined when nothing is on sale. */
export function custodyChainOf(sale: SaleConfig, keys: CustodyKeys): CustodyChain | undefined {
  const primary = sale.chains[0];
  if (!primary) return undefined;
  const chain = CHAINS[primary.chainId as keyof typeof CHAINS].chain;
  const transport = http(primary.rpcUrl, { timeout: 10_000, retryCount: 1 });
  return {
    sale: primary,
    chain,
    client: createPublicClient({ chain, transport }),
    minter: privateKeyToAccount(keys.minterKey),
    custody: privateKeyToAccount(keys.custodyKey),
    contract: primary.contract,
    walletOf: (account) => createWalletClient({ account, chain, transport }),
  };
}
