// Loaded on demand: builds the EIP-4361 message, has the wallet sign it, starts the session.
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { NonceResponse, SiweRequest, User } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import type { WalletModule } from "../wallet/wagmiWallet.ts";

export async function siweSignIn(wallet: WalletModule, address: Address, chainId: number): Promise<User> {
  const { nonce } = await apiRequest<NonceResponse>("/api/auth/nonce");
  const message = createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    version: "1",
    nonce,
    issuedAt: new Date(),
    statement: "Sign in to Pixlings with your wallet.",
  });
  const signature = await wallet.signMessage(message);
  const body: SiweRequest = { message, signature };
  return apiRequest<User>("/api/auth/siwe", { method: "POST", body });
}
