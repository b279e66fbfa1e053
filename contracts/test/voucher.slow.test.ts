import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { network } from "hardhat";
import { type Address, type Hex, type PublicClient, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEFAULT_TIER_PRICES, tierName } from "@pixlings/shared/tiers";
import { signMintVoucher, type MintVoucher } from "@pixlings/shared/voucher";
import { chunkBlobs, loadArt } from "@pixlings/scripts/art/chunks";
import { defaultSetup, deployPixlings } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt } from "@pixlings/scripts/deploy/uploadArt";

const { viem, networkHelpers } = await network.create();
const signer = privateKeyToAccount(`0x${"5a".repeat(32)}`);

/** The storefront's signing path (shared/src/voucher.ts) against the contract, as the API will use it. */
describe("mint vouchers signed with viem", () => {
  let publicClient: PublicClient;
  let address: Address;
  let chainId: number;
  let tiers: number[];

  before(async () => {
    publicClient = await viem.getPublicClient();
    chainId = await publicClient.getChainId();
    const [admin] = await viem.getWalletClients();
    const setup = defaultSetup(31337, admin!.account.address, { signer: signer.address, mintingActive: true });
    ({ address } = await deployPixlings({ walletClient: admin!, publicClient, setup }));
    const set = await loadArt();
    tiers = set.tiers;
    await uploadArt({ walletClient: admin!, publicClient, address, chunks: chunkBlobs(set).slice(0, 1) });
  });

  async function buyerWallet(index: number) {
    const wallets = await viem.getWalletClients();
    return wallets[index]!;
  }

  function price(ids: readonly bigint[]): bigint {
    const prices = DEFAULT_TIER_PRICES.ETH;
    return ids.reduce((sum, id) => sum + parseEther(prices[tierName(tiers[Number(id) - 1]!)]), 0n);
  }

  async function mint(index: number, ids: bigint[], voucher: Partial<MintVoucher> = {}): Promise<Hex> {
    const buyer = await buyerWallet(index);
    const now = BigInt(await networkHelpers.time.latest());
    const v: MintVoucher = { chainId, contract: address, recipient: buyer.account.address, ids, deadline: now + 600n, ...voucher };
    const signature = await signMintVoucher(signer, v);
    const hash = await buyer.writeContract({
      address,
      abi: pixlingsAbi,
      functionName: "mint",
      args: [ids, v.deadline, signature],
      value: price(ids),
    });
    await publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  it("mints to the buyer with a valid voucher", async () => {
    await mint(1, [20n, 21n]);
    const buyer = await buyerWallet(1);
    const owner = await publicClient.readContract({ address, abi: pixlingsAbi, functionName: "ownerOf", args: [20n] });
    assert.equal(owner.toLowerCase(), buyer.account.address.toLowerCase());
  });

  it("refuses a voucher signed for another chain, contract or recipient", async () => {
    await assert.rejects(mint(2, [30n], { chainId: chainId + 1 }), /InvalidVoucher/);
    await assert.rejects(mint(2, [30n], { contract: signer.address }), /InvalidVoucher/);
    await assert.rejects(mint(2, [30n], { recipient: signer.address }), /InvalidVoucher/);
  });

  it("refuses an expired voucher", async () => {
    const now = BigInt(await networkHelpers.time.latest());
    await assert.rejects(mint(2, [31n], { deadline: now - 1n }), /VoucherExpired/);
  });

  it("caps a wallet at 10 mints across transactions", async () => {
    await mint(3, [40n, 41n, 42n, 43n, 44n, 45n]);
    await assert.rejects(mint(3, [50n, 51n, 52n, 53n, 54n]), /WalletLimitReached/);
    await mint(3, [50n, 51n, 52n, 53n]);
  });
});
