import { Router, type Response } from "express";
import type { ShopInfo } from "@pixlings/shared/http/shop";

/** `GET /api/shop` (anyone): the operator, the support contact and the terms' figures (the terms page and the footer show them). */
export function shopRouter({ shop }: { shop: ShopInfo }): Router {
  const router = Router();
  router.get("/api/shop", (_req, res: Response<ShopInfo>) => {
    res.set("Cache-Control", "no-cache").json(shop);
  });
  return router;
}
