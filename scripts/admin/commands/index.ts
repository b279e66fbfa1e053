import type { AdminCommand } from "../command.ts";
import { acceptOwnership } from "./acceptOwnership.ts";
import { cancelOwnershipTransfer } from "./cancelOwnershipTransfer.ts";
import { grantRole } from "./grantRole.ts";
import { pause } from "./pause.ts";
import { replaceArt } from "./replaceArt.ts";
import { revokeRole } from "./revokeRole.ts";
import { setCustody } from "./setCustody.ts";
import { setPrices } from "./setPrices.ts";
import { setRoyalty } from "./setRoyalty.ts";
import { setWithdrawRecipient } from "./setWithdrawRecipient.ts";
import { status } from "./status.ts";
import { transferOwnership } from "./transferOwnership.ts";
import { unpause } from "./unpause.ts";
import { withdraw } from "./withdraw.ts";

/** Every command of `npm run admin`, in the order `--help` lists them. */
export const COMMANDS: readonly AdminCommand[] = [
  status,
  pause,
  unpause,
  setPrices,
  withdraw,
  setRoyalty,
  setCustody,
  setWithdrawRecipient,
  grantRole,
  revokeRole,
  transferOwnership,
  acceptOwnership,
  cancelOwnershipTransfer,
  replaceArt,
];
