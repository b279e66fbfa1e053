import type { MerchProductResponse, MerchProductsResponse } from "@pixlings/shared/http/merch";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../api/apiClient.ts";

const HOUR = 60 * 60_000;

/** The merch catalogue, fetched when the Products tab first shows and kept for the visit. */
export const merchQueries = {
  products: () =>
    queryOptions({
      queryKey: ["merch", "products"],
      queryFn: async ({ signal }) => (await apiRequest<MerchProductsResponse>("/api/printful/products", { signal })).result,
      staleTime: HOUR,
    }),
  product: (productId: number) =>
    queryOptions({
      queryKey: ["merch", "product", productId],
      queryFn: async ({ signal }) => (await apiRequest<MerchProductResponse>(`/api/printful/products/${productId}`, { signal })).result,
      staleTime: HOUR,
    }),
};
