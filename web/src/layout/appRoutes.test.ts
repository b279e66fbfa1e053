import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchPath } from "react-router";
import { APP_ROUTES, appRouteOf, matchesRoute } from "@pixlings/shared/routes";

const PATHS = [
  "/",
  "/home",
  "/HOME",
  "/browse",
  "/browse/",
  "/browse/extra",
  "/mint/12",
  "/mint/",
  "/mint",
  "/mint/12/more",
  "/nft/abc",
  "/admin",
  "/admin/nfts",
  "/admin/nfts/1",
  "/my-pixlings",
  "/owned-pix/7",
  "/checkout",
  "/terms",
  "/nope",
  "/api",
  "/pixlings/pix_1.png",
];

describe("the app's routes (shared/src/routes.ts)", () => {
  it("match a path exactly when react-router matches it", () => {
    for (const { path } of Object.values(APP_ROUTES)) {
      for (const pathname of PATHS) {
        assert.equal(matchesRoute(path, pathname), matchPath({ path, end: true }, pathname) !== null, `${path} against ${pathname}`);
      }
    }
  });

  it("name the route of a path, and none for a path the app does not have", () => {
    assert.equal(appRouteOf("/"), "home");
    assert.equal(appRouteOf("/mint/42"), "mint");
    assert.equal(appRouteOf("/admin/artists"), "adminTab");
    assert.equal(appRouteOf("/browse/extra"), undefined);
    assert.equal(appRouteOf("/does-not-exist"), undefined);
  });
});
