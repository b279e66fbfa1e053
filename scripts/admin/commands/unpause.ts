import { saleSwitchCommand } from "./saleSwitch.ts";

export const unpause = saleSwitchCommand(true);
