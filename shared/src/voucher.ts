import { concat, encodeAbiParameters, encodePacked, hashDomain, keccak256, toHex, type Address, type Hex, type LocalAccount } from "viem";
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

const domainOf = (v: MintVoucher) => ({ name: v.domainName ?? COLLECTION.name, version: "1", chainId: v.chainId, verifyingContract: v.contract }) as const;

/** The voucher as EIP-712 typed data. */
export function mintVoucherTypedData(v: MintVoucher) {
  return {
    domain: domainOf(v),
    types: MINT_VOUCHER_TYPES,
    primaryType: "Mint",
    message: { recipient: v.recipient, ids: [...v.ids], deadline: v.deadline },
  } as const;
}

/** `Pixlings.MINT_TYPEHASH`: the hash of the Mint type's encoding. */
const MINT_TYPEHASH = keccak256(toHex(`Mint(${MINT_VOUCHER_TYPES.Mint.map((field) => `${field.type} ${field.name}`).join(",")})`));

/** The fields of the voucher's EIP-712 domain (`domainOf`), in EIP-712's order. */
const EIP712_DOMAIN_TYPES = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

/** EIP-712 domain separators by domain: one per chain and contract, hashed once per process. */
const domainSeparators = new Map<string, Hex>();

function domainSeparatorOf(v: MintVoucher): Hex {
  const domain = domainOf(v);
  const key = `${domain.name}\n${domain.chainId}\n${domain.verifyingContract.toLowerCase()}`;
  let separator = domainSeparators.get(key);
  if (separator === undefined) {
    separator = hashDomain({ domain: { ...domain, chainId: BigInt(domain.chainId) }, types: { EIP712Domain: EIP712_DOMAIN_TYPES } });
    domainSeparators.set(key, separator);
  }
  return separator;
}

/**
 * The voucher's EIP-712 digest, what `hashTypedData(mintVoucherTypedData(v))` gives, computed for
 * the Mint type alone: a voucher is signed on every sale, and the generic hashing (the type's
 * encoding and the domain, each time) was about half of its signing cost.
 */
export function mintVoucherDigest(v: MintVoucher): Hex {
  const idsHash = keccak256(encodePacked(["uint256[]"], [[...v.ids]]));
  const structHash = keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "address" }, { type: "bytes32" }, { type: "uint256" }],
      [MINT_TYPEHASH, v.recipient, idsHash, v.deadline],
    ),
  );
  return keccak256(concat(["0x1901", domainSeparatorOf(v), structHash]));
}

/** Signs a voucher with a key holding the contract's signer role (its digest, for a key that signs hashes). */
export function signMintVoucher(signer: LocalAccount, v: MintVoucher): Promise<Hex> {
  return signer.sign ? signer.sign({ hash: mintVoucherDigest(v) }) : signer.signTypedData(mintVoucherTypedData(v));
}
