import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hashTypedData, recoverTypedDataAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEV_KEYS } from "./devAccounts.ts";
import { mintVoucherDigest, mintVoucherTypedData, signMintVoucher, type MintVoucher } from "./voucher.ts";

const signer = privateKeyToAccount(DEV_KEYS.signer);
const vouchers: MintVoucher[] = [
  {
    chainId: 31337,
    contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ids: [1n],
    deadline: 1_800_000_000n,
  },
  {
    chainId: 31337,
    contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ids: [2n],
    deadline: 1_800_000_000n,
  },
  {
    chainId: 80002,
    contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    ids: [9999n, 1n, 5000n],
    deadline: 1_800_000_060n,
  },
  {
    chainId: 11155111,
    contract: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    ids: [7n, 8n, 9n, 10n, 11n, 12n, 13n, 14n, 15n, 16n],
    deadline: 2n ** 64n,
  },
  {
    chainId: 31337,
    contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ids: [1n],
    deadline: 1_800_000_000n,
    domainName: "Other",
  },
];

describe("mint vouchers", () => {
  it("hash to the EIP-712 digest of their typed data, whatever the chain, contract, ids and domain name", () => {
    const digests = vouchers.map((v) => mintVoucherDigest(v));
    for (const [i, v] of vouchers.entries()) assert.equal(digests[i], hashTypedData(mintVoucherTypedData(v)), `voucher ${i}`);
    assert.equal(new Set(digests).size, vouchers.length, "every voucher its own digest");
  });

  it("are signed as the typed data would be, and recover to the signer", async () => {
    for (const v of vouchers) {
      const signature = await signMintVoucher(signer, v);
      assert.equal(signature, await signer.signTypedData(mintVoucherTypedData(v)));
      assert.equal(await recoverTypedDataAddress({ ...mintVoucherTypedData(v), signature }), signer.address as Address);
    }
  });

  it("are signed from the typed data by an account that does not sign hashes", async () => {
    const typedOnly = { ...signer, sign: undefined };
    assert.equal(await signMintVoucher(typedOnly, vouchers[2]!), await signer.signTypedData(mintVoucherTypedData(vouchers[2]!)));
  });
});
