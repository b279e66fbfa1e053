import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readConfig } from "../config/readConfig.ts";
import { DEV_OPERATOR_NAME, DEV_SUPPORT_EMAIL, readShopConfig } from "./shopConfig.ts";

describe("the shop's operator, support and terms figures (SHOP_*)", () => {
  it("default to development values that say what they are", () => {
    assert.deepEqual(readShopConfig({}, false), {
      shop: { operatorName: DEV_OPERATOR_NAME, supportEmail: DEV_SUPPORT_EMAIL, refundDays: 14, closingNoticeDays: 90, development: true },
      problems: [],
    });
    assert.match(DEV_OPERATOR_NAME, /development/);
    assert.match(DEV_SUPPORT_EMAIL, /\.test$/);
  });

  it("come from env, and are no development values once operator and support are named", () => {
    const env = { SHOP_OPERATOR_NAME: " Pixel Shop AG ", SHOP_SUPPORT_EMAIL: "help@pixel.example", SHOP_REFUND_DAYS: "30", SHOP_CLOSING_NOTICE_DAYS: "180" };
    assert.deepEqual(readShopConfig(env, true), {
      shop: { operatorName: "Pixel Shop AG", supportEmail: "help@pixel.example", refundDays: 30, closingNoticeDays: 180, development: false },
      problems: [],
    });
    assert.equal(readConfig(env).shop.operatorName, "Pixel Shop AG");
  });

  it("refuse bad values with the variable's name", () => {
    for (const [name, value] of [
      ["SHOP_SUPPORT_EMAIL", "not an email"],
      ["SHOP_OPERATOR_NAME", "x"],
      ["SHOP_REFUND_DAYS", "-1"],
      ["SHOP_REFUND_DAYS", "1.5"],
      ["SHOP_CLOSING_NOTICE_DAYS", "7"],
    ] as const) {
      assert.throws(() => readConfig({ [name]: value }), new RegExp(`\\n  ${name}: `), `${name}=${value}`);
    }
  });

  it("are refused as defaults under the production rules", () => {
    assert.deepEqual(readShopConfig({}, true).problems, [
      "SHOP_OPERATOR_NAME: must be set to who runs the shop (its terms name them)",
      "SHOP_SUPPORT_EMAIL: must be set to the address buyers write to for support",
    ]);
  });
});
