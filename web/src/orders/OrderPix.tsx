import { useQueries } from "@tanstack/react-query";
import { Link } from "react-router";
import { pixDisplayName } from "@pixlings/shared/http/nfts";
import { queries } from "../api/queries.ts";
import { PixImage } from "../components/PixImage.tsx";

/** The order's Pix, small, each with its name and number, linking to its page. */
export function OrderPix({ tokenIds }: { tokenIds: number[] }) {
  const tokens = useQueries({ queries: tokenIds.map((id) => queries.token(id)) });
  return (
    <ul aria-label="Pix in this order" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {tokenIds.map((id, index) => {
        const nft = tokens[index]?.data;
        return (
          <li key={id}>
            <Link to={`/mint/${id}`} className="flex flex-col gap-1 rounded-md text-center text-xs font-medium hover:underline">
              {nft ? <PixImage nft={nft} size={96} /> : <span className="aspect-square w-full rounded-md bg-neutral-200 dark:bg-neutral-800" />}
              {nft && <span>{pixDisplayName(nft)}</span>} <span className="font-normal">Pix #{id}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
