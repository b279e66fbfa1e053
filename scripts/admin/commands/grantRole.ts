import { roleChangeCommand } from "./roleChange.ts";

export const grantRole = roleChangeCommand(true);
