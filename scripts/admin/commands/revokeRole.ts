import { roleChangeCommand } from "./roleChange.ts";

export const revokeRole = roleChangeCommand(false);
