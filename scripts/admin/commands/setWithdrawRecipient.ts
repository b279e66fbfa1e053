import { addressSettingCommand } from "./addressSetting.ts";

export const setWithdrawRecipient = addressSettingCommand({
  name: "set-withdraw-recipient",
  label: "the withdraw recipient",
  field: "withdrawRecipient",
  functionName: "setWithdrawRecipient",
  details: ["withdraw sends the contract's whole balance to this address."],
});
