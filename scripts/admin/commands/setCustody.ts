import { addressSettingCommand } from "./addressSetting.ts";

export const setCustody = addressSettingCommand({
  name: "set-custody",
  label: "the custody address",
  field: "custody",
  functionName: "setCustody",
  details: [
    "Card and freemint sales mint to the custody address (mintToCustody), which later sends each Pix to its buyer's wallet.",
    "The API holds the custody key: change its configuration with it, or card sales stop.",
  ],
});
