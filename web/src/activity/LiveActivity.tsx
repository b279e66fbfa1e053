import { LiveActivityView } from "./LiveActivityView.tsx";
import { useActivity } from "./useActivity.ts";

/** The home page's live feed and counters, followed over the activity stream while mounted. */
export function LiveActivity() {
  return <LiveActivityView {...useActivity()} />;
}
