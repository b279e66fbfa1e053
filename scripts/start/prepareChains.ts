import { createTestClient, http } from "viem";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { RunningChain } from "../chains/localChains.ts";
import { connectChain } from "../deploy/clients.ts";
import { deployAndUpload, type DeployAndUploadResult } from "../deploy/deployChain.ts";
import { createProgressBars } from "../deploy/progress.ts";
import type { RecordTargets } from "../deploy/record.ts";
import type { ArtChunk } from "../deploy/uploadArt.ts";

/**
 * Ponder counts 30 blocks to finality on local chains and indexes unfinalized blocks one by one
 * (about 0.3 s per art chunk); blocks mined on top let it index a fresh upload as one backfill.
 */
const BLOCKS_TO_FINALITY = 32;

/**
 * Deploys Pixlings where needed (owner, deployer and art admin DEV_KEYS.owner; signer, minter and
 * custody the other dev accounts), uploads the art each chain lacks, with progress bars, and opens
 * the sale once every tokenURI renders (both chains at once).
 */
export async function prepareChains(chains: readonly RunningChain[], chunks: ArtChunk[], targets: RecordTargets): Promise<DeployAndUploadResult[]> {
  const bars = createProgressBars();
  try {
    return await Promise.all(
      chains.map(async (chain) => {
        const clients = await connectChain({ chainId: chain.chainId, url: chain.url, privateKey: DEV_KEYS.owner });
        const result = await deployAndUpload({
          clients,
          chunks,
          redeployOutdated: true,
          targets,
          onProgress: (done, total, gas) => bars.update(chain.name, done, total, gas),
          log: (line) => console.error(line),
        });
        if (result.deployment.outcome !== "reused" || result.upload.written > 0 || result.sale.state !== "checked before") {
          await createTestClient({ mode: "anvil", transport: http(chain.url) }).mine({ blocks: BLOCKS_TO_FINALITY });
        }
        return result;
      }),
    );
  } finally {
    bars.finish();
  }
}
