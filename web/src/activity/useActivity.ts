import { useSyncExternalStore } from "react";
import { activitySnapshot, subscribeActivity, type ActivityView } from "./activityStore.ts";

/** The live activity, followed while the component is mounted (browse tiles flip to minted meanwhile). */
export function useActivity(): ActivityView {
  return useSyncExternalStore(subscribeActivity, activitySnapshot, activitySnapshot);
}
