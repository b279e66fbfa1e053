import type { Address, Hex, LocalAccount } from "viem";
import { COLLECTION } from "./collection.ts";

/** EIP-712 types of a mint voucher, as `Pixlings.MINT_TYPEHASH` hashes them. */
const MINT_VOUCHER_TYPES = {
  Mint: [
    { name: "recipient", type: "address" },
    { name: "ids", type: "uint256[]" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface MintVoucher {
  chainId: number;
  contract: Address;
  recipient: Address;
  ids: readonly bigint[];
  /** Unix seconds; the contract refuses the voucher after it. */
  deadline: bigint;
  /** The EIP-712 domain name; Pixlings signs as the collection name. */
  domainName?: string;
}

function mintVoucherTypedData(v: MintVoucher) {
  return {
    domain: { name: v.domainName ?? COLLECTION.name, version: "1", chainId: v.chainId, verifyingContract: v.contract },
    types: MINT_VOUCHER_TYPES,
    primaryType: "Mint",
    message: { recipient: v.recipient, ids: [...v.ids], deadline: v.deadline },
  } as const;
}

/** Signs a voucher with a key holding the contract's signer role. */
export function signMintVoucher(signer: LocalAccount, v: MintVoucher): Promise<Hex> {
  return signer.signTypedData(mintVoucherTypedData(v));
}
