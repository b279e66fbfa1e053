// Loaded on demand: builds the EIP-4361 message, has the wallet sign it, starts the session or links the wallet.
import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { NonceResponse, SiweRequest, User } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import { parseUser } from "./userSchema.ts";
import type { WalletModule } from "../wallet/wagmiWallet.ts";

/** A fresh nonce, the message naming it, and the wallet's signature: proof this wallet is the user's. */
export async function siweProof(wallet: WalletModule, address: Address, chainId: number, statement: string): Promise<SiweRequest> {
  const { nonce } = await apiRequest<NonceResponse>("/api/auth/nonce");
  const message = createSiweMessage({
    address,
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    version: "1",
    nonce,
    issuedAt: new Date(),
    statement,
  });
  const signature = await wallet.signMessage(message);
  return { message, signature };
}

export async function siweSignIn(wallet: WalletModule, address: Address, chainId: number): Promise<User> {
  const body = await siweProof(wallet, address, chainId, "Sign in to Pixlings with your wallet.");
  return parseUser(await apiRequest<unknown>("/api/auth/siwe", { method: "POST", body }));
}
