import { z } from "zod";
import type { LogPosition } from "../indexer/indexerReader.ts";
import { inChainRange, MAX_INT_ID } from "./activityIds.ts";
import type { ArtPosition } from "./artEvents.ts";

/** Past every log of a block: a position that names no event (the block is final, or nothing of it is shown). */
export const WHOLE_BLOCK = 2_147_483_647;

/** A position on one chain; `hash8` (the first 8 hex digits of its block's hash) when it names an event. */
export interface ChainPosition extends LogPosition {
  hash8?: string | undefined;
}

/**
 * Where a stream client is in every source: per chain the last event it has (or a final block it
 * has everything of), and the last art replacement. A client has every event up to each position
 * and none past it. It is the SSE `id` of each message, so a reconnect's `Last-Event-ID` says
 * exactly what to replay: `v1,c{chainId}:{block}:{logIndex}:{hash8}|c{chainId}:{block}:f,…,a{ms}:{id}|a-`.
 */
export interface StreamCursor {
  chains: Map<number, ChainPosition>;
  art: ArtPosition | undefined;
}

const MAX_CHAINS = 16;
const CHAIN_PART = /^c(\d{1,10}):(\d{1,20}):(\d{1,6}|f)(?::([0-9a-f]{8}))?$/;
const ART_PART = /^a(?:(\d{1,15}):(\d{1,10})|-)$/;

export function encodeCursor(cursor: StreamCursor): string {
  const chains = [...cursor.chains]
    .sort(([a], [b]) => a - b)
    .map(([chainId, p]) => (p.logIndex === WHOLE_BLOCK || !p.hash8 ? `c${chainId}:${p.block}:f` : `c${chainId}:${p.block}:${p.logIndex}:${p.hash8}`));
  return ["v1", ...chains, cursor.art ? `a${cursor.art.ms}:${cursor.art.id}` : "a-"].join(",");
}

/** `Last-Event-ID` as a cursor; a message naming what is wrong for anything else. */
export const StreamCursorText = z
  .string()
  .max(40 + MAX_CHAINS * 50)
  .transform((text, ctx): StreamCursor => {
    const [version, ...parts] = text.split(",");
    const art = parts.pop();
    const artMatch = art === undefined ? null : ART_PART.exec(art);
    if (version !== "v1" || !artMatch || parts.length > MAX_CHAINS || Number(artMatch[2] ?? 0) > MAX_INT_ID) {
      ctx.addIssue({ code: "custom", message: "not a position this stream gave" });
      return z.NEVER;
    }
    const chains = new Map<number, ChainPosition>();
    for (const part of parts) {
      const match = CHAIN_PART.exec(part);
      const whole = match?.[3] === "f";
      if (!match || whole === Boolean(match[4]) || chains.has(Number(match[1])) || !inChainRange(Number(match[1]), BigInt(match[2]!))) {
        ctx.addIssue({ code: "custom", message: "not a position this stream gave" });
        return z.NEVER;
      }
      chains.set(
        Number(match[1]),
        whole ? { block: BigInt(match[2]!), logIndex: WHOLE_BLOCK } : { block: BigInt(match[2]!), logIndex: Number(match[3]), hash8: match[4] },
      );
    }
    return { chains, art: artMatch[1] ? { ms: Number(artMatch[1]), id: Number(artMatch[2]) } : undefined };
  });

export const copyCursor = (cursor: StreamCursor): StreamCursor => ({ chains: new Map(cursor.chains), art: cursor.art });
