import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { queries } from "../api/queries.ts";
import { ui } from "../components/ui.ts";
import { formatCount } from "../format/format.ts";
import { describeEvent } from "./describeEvent.ts";
import { useActivity } from "./useActivity.ts";

const STATUS = { live: "Live", connecting: "Connecting...", offline: "Offline: trying again shortly" } as const;
const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** The home page's live feed and counters: mints on every chain, Mint to Wallet, new art, the sale opening and pausing. */
export function LiveActivity() {
  const { status, events, counters } = useActivity();
  const chains = useQuery(queries.chains()).data ?? [];
  const chainName = (chainId: number): string => chains.find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`;
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
        {(counters?.chains ?? []).map((c) => (
          <div key={c.chainId} className={`${ui.card} text-center`}>
            <dt className={`text-sm ${ui.muted}`}>Minted on {chainName(c.chainId)}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{formatCount(c.minted)}</dd>
          </div>
        ))}
        <div className={`${ui.card} text-center`}>
          <dt className={`text-sm ${ui.muted}`}>Minted in all</dt>
          <dd className="mt-1 text-2xl font-extrabold tabular-nums">{counters ? formatCount(counters.total) : "—"}</dd>
        </div>
      </dl>
      {events.length === 0 ? (
        <p className={ui.muted}>{status === "live" ? "Nothing has happened yet." : "Waiting for the live feed..."}</p>
      ) : (
        <ol aria-label="Latest activity" aria-live="polite" className={`${ui.card} flex flex-col divide-y divide-neutral-200 p-0 dark:divide-neutral-800`}>
          {events.map((event) => (
            <li key={event.id} data-event-id={event.id} className="flex min-w-0 items-center gap-3 px-4 py-2 text-sm">
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
