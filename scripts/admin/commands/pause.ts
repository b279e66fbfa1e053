import { saleSwitchCommand } from "./saleSwitch.ts";

export const pause = saleSwitchCommand(false);
