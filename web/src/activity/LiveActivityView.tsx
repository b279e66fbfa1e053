import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { queries } from "../api/queries.ts";
import { ui } from "../components/ui.ts";
import { formatCount } from "../format/format.ts";
import type { ActivityView } from "./activityStore.ts";
import { describeEvent } from "./describeEvent.ts";

const STATUS = { live: "Live", connecting: "Connecting...", offline: "Offline: trying again shortly" } as const;
const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
// The feed scrolls inside a box of one height whatever it holds: events arriving after the first paint never
// push the sections below it (and a control focused there) down the page.
const FEED_BOX = `${ui.card} h-80 overflow-y-auto p-0`;

/**
 * The home page's live feed and counters, as drawn: the same size before its stream answers (the page's
 * placeholder while the stream's code loads) as after, so nothing below it moves.
 */
export function LiveActivityView({ status, events, counters, historyLoaded }: ActivityView) {
  const chains = useQuery(queries.chains()).data ?? [];
  const chainName = (chainId: number): string => chains.find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`;
  // One card a chain from the first paint: "—" until the counters come.
  const perChain = counters?.chains ?? chains.map((c) => ({ chainId: c.chainId, minted: undefined }));
  return (
    <section aria-labelledby="activity-title" className={`${ui.container} mt-16`}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="activity-title" className="text-2xl font-bold">
            Live Activity
          </h2>
          <p className={ui.muted}>Mints, new art and the sale, as the chains see them.</p>
        </div>
        <p className={`flex items-center gap-2 text-sm ${ui.muted}`} data-status={status}>
          <span aria-hidden="true" className={`size-2 rounded-full ${status === "live" ? "bg-green-600" : "bg-neutral-400"}`} />
          {STATUS[status]}
        </p>
      </div>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {perChain.map((c) => (
          <div key={c.chainId} className={`${ui.card} text-center`}>
            <dt className={`text-sm ${ui.muted}`}>Minted on {chainName(c.chainId)}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{c.minted === undefined ? "—" : formatCount(c.minted)}</dd>
          </div>
        ))}
        <div className={`${ui.card} text-center`}>
          <dt className={`text-sm ${ui.muted}`}>Minted in all</dt>
          <dd className="mt-1 text-2xl font-extrabold tabular-nums">{counters ? formatCount(counters.total) : "—"}</dd>
        </div>
      </dl>
      {events.length === 0 ? (
        <div className={`${FEED_BOX} flex items-center justify-center px-4`}>
          <p className={ui.muted}>
            {status !== "live" ? "Waiting for the live feed..." : historyLoaded ? "Nothing has happened yet." : "Loading the latest activity..."}
          </p>
        </div>
      ) : (
        <ol
          aria-label="Latest activity"
          aria-live="polite"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to be scrolled by keys
          tabIndex={0}
          className={`${FEED_BOX} flex flex-col divide-y divide-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:divide-neutral-800`}
        >
          {events.map((event) => (
            <li key={event.id} data-event-id={event.id} className="flex min-w-0 shrink-0 items-center gap-3 px-4 py-2 text-sm">
              {"tokenId" in event && (
                <img src={`/pixlings/pix_${event.tokenId}.png?size=9`} alt="" width={24} height={24} className="size-6 shrink-0 [image-rendering:pixelated]" />
              )}
              <p className="min-w-0 flex-1 break-words">
                {"tokenId" in event && (
                  <>
                    <Link to={`/mint/${event.tokenId}`} className={ui.link}>
                      Pix #{event.tokenId}
                    </Link>{" "}
                  </>
                )}
                {describeEvent(event, chainName)}
              </p>
              <time dateTime={event.at} className={`shrink-0 text-xs tabular-nums ${ui.muted}`}>
                {time.format(new Date(event.at))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
