import { useQuery } from "@tanstack/react-query";
import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { ui } from "../components/ui.ts";
import { useUser } from "../auth/useAuth.ts";
import { merchQueries } from "./merchQueries.ts";
import { ProductPicker } from "./ProductPicker.tsx";

/** The Products tab of a Pix its owner is looking at: merchandise previews need a signed-in owner (the API checks it). */
export function MerchPicker({ tokenId }: { tokenId: number }) {
  const user = useUser();
  const products = useQuery({ ...merchQueries.products(), enabled: Boolean(user.data) });
  if (user.isPending) return <Spinner label="Loading..." />;
  if (!user.data) {
    return (
      <div className="flex flex-col gap-1">
        <p className="font-semibold">Sign in to preview merchandise</p>
        <p className={`text-sm ${ui.muted}`}>
          Sign in with the wallet that holds this Pix (or with Google, with that wallet linked) to see it on shirts, mugs and more.
        </p>
      </div>
    );
  }
  if (products.error) {
    return <ErrorNotice error={products.error} title="Failed to load products" onRetry={() => void products.refetch()} retrying={products.isFetching} />;
  }
  if (!products.data) return <Spinner label="Loading products..." />;
  return <ProductPicker tokenId={tokenId} products={products.data} />;
}
