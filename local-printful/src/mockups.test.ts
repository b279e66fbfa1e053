import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import sharp from "sharp";
import { artToPng } from "@pixlings/shared/node/png";
import type { CreateMockupTask } from "@pixlings/api/testing";
import {
  coloursOf,
  type FileServer,
  printfulFailure,
  settledTask,
  startFileServer,
  startTestPrintful,
  type TestPrintful,
} from "@pixlings/test-kit/localPrintful";

/** A 9×9 piece of four colours the products never have, scaled to 288 px like the site's images. */
const PALETTE = [0xe4168d, 0x16e4c9, 0xf2a900, 0x3b16e4];
const PIX = artToPng({ palette: PALETTE, pixels: Uint8Array.from({ length: 81 }, (_, i) => (i * 7) % 4) });
const position = { area_width: 1800, area_height: 2400, width: 1620, height: 1620, top: 156, left: 90 };

describe("local Printful: the mockup generator", () => {
  let printful: TestPrintful;
  let files: FileServer;
  before(async () => {
    printful = await startTestPrintful({ minPendingMs: 300 });
    files = await startFileServer({ "/pixlings/pix_7.png": PIX });
  });
  after(async () => {
    await printful?.close();
    await files?.close();
  });

  const tee = (variantId: number, extra: Partial<CreateMockupTask> = {}): CreateMockupTask => ({
    variant_ids: [variantId],
    format: "png",
    width: 400,
    files: [
      { placement: "front", image_url: `${files.url}/pixlings/pix_7.png`, position },
      { placement: "back", image_url: `${files.url}/pixlings/pix_7.png?t=1`, position },
    ],
    ...extra,
  });
  const download = async (url: string): Promise<Buffer> => {
    const res = await fetch(url);
    assert.equal(res.status, 200, url);
    return Buffer.from(await res.arrayBuffer());
  };

  it("renders the Pix onto the product in the variant's colour: pending first, then a mockup per placement with a close-up", async () => {
    const { variants } = await printful.client.getProduct(71);
    const navy = variants.find((v) => v.color === "Navy" && v.size === "M")!;
    const created = await printful.client.createMockupTask(71, tee(navy.id));
    assert.match(created.task_key, /^gt-/);
    assert.equal(created.status, "pending");
    assert.equal((await printful.client.getMockupTask(created.task_key)).status, "pending", "still pending right after");
    const task = await settledTask(printful.client, created.task_key);
    assert.equal(task.status, "completed", task.error ?? "");
    assert.deepEqual(
      task.mockups?.map((m) => [m.placement, m.variant_ids]),
      [
        ["front", [navy.id]],
        ["back", [navy.id]],
      ],
    );
    for (const mockup of task.mockups ?? []) {
      const image = await download(mockup.mockup_url);
      assert.deepEqual(
        await sharp(image)
          .metadata()
          .then((m) => [m.format, m.width, m.height]),
        ["png", 400, 400],
      );
      const colours = await coloursOf(image);
      for (const colour of PALETTE) assert.ok(colours.has(colour), `${mockup.placement}: #${colour.toString(16)} of the Pix is in the mockup`);
      assert.ok(colours.has(Number.parseInt(navy.color_code!.slice(1), 16)), "the shirt is navy");
      assert.deepEqual(
        mockup.extra.map((view) => view.title),
        ["Close-up"],
      );
      const closeUp = await coloursOf(await download(mockup.extra[0]!.url));
      for (const colour of PALETTE) assert.ok(closeUp.has(colour), "the close-up shows the Pix");
    }
    assert.ok(files.requested.includes("/pixlings/pix_7.png"), "the stand-in downloaded the print file from the URL it was given");
  });

  it("renders JPEG when asked, and every variant of a task", async () => {
    const { variants } = await printful.client.getProduct(19);
    const created = await printful.client.createMockupTask(19, {
      variant_ids: variants.map((v) => v.id),
      format: "jpg",
      width: 300,
      files: [{ placement: "default", image_url: `${files.url}/pixlings/pix_7.png` }],
    });
    const task = await settledTask(printful.client, created.task_key);
    assert.equal(task.mockups?.length, variants.length);
    const image = await download(task.mockups![0]!.mockup_url);
    assert.equal((await sharp(image).metadata()).format, "jpeg");
  });

  it("ends a task failed, with the reason, when the print file cannot be downloaded or the product is the failing test product", async () => {
    const { variants } = await printful.client.getProduct(71);
    const missing = await printful.client.createMockupTask(
      71,
      tee(variants[0]!.id, { files: [{ placement: "front", image_url: `${files.url}/nothing.png` }] }),
    );
    const failed = await settledTask(printful.client, missing.task_key);
    assert.equal(failed.status, "failed");
    assert.match(failed.error ?? "", /Could not download the print file .*nothing\.png: the server answered HTTP 404/);

    const pin = (await printful.client.getProduct(9001)).variants[0]!;
    const test = await printful.client.createMockupTask(9001, {
      variant_ids: [pin.id],
      format: "png",
      width: 200,
      files: [{ placement: "default", image_url: `${files.url}/pixlings/pix_7.png` }],
    });
    assert.equal(test.status, "pending");
    const pinTask = await settledTask(printful.client, test.task_key);
    assert.deepEqual([pinTask.status, pinTask.mockups], ["failed", undefined]);
    assert.match(pinTask.error ?? "", /not available for product 9001/);
  });

  it("refuses what Printful refuses with its 400, and unknown products and tasks with 404", async () => {
    const shirt = (await printful.client.getProduct(71)).variants[0]!.id;
    const mug = (await printful.client.getProduct(19)).variants[0]!.id;
    const refused = async (productId: number, body: unknown, status = 400): Promise<void> => {
      assert.deepEqual(await printfulFailure(printful.client.createMockupTask(productId, body as CreateMockupTask)), {
        kind: "refused",
        status,
        reason: status === 400 ? "BadRequest" : "NotFound",
      });
    };
    await refused(71, tee(mug));
    await refused(71, tee(shirt, { files: [{ placement: "sleeve_left", image_url: `${files.url}/pixlings/pix_7.png` }] }));
    await refused(71, tee(shirt, { files: [tee(shirt).files[0]!, tee(shirt).files[0]!] }));
    await refused(71, tee(shirt, { files: [] }));
    await refused(71, tee(shirt, { width: 9999 }));
    await refused(71, { ...tee(shirt), variant_ids: [] });
    await refused(71, tee(shirt, { files: [{ placement: "front", image_url: "file:///etc/passwd" }] }));
    await refused(424242, tee(shirt), 404);
    assert.deepEqual(await printfulFailure(printful.client.getMockupTask("gt-nope")), { kind: "refused", status: 404, reason: "NotFound" });
    const malformed = await fetch(`${printful.server.url}/mockup-generator/create-task/71`, {
      method: "POST",
      headers: { authorization: `Bearer ${printful.token}`, "content-type": "application/json" },
      body: "{oops",
    });
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { error: { reason: string } }).error.reason, "BadRequest");
  });

  it("limits mockup tasks per token like Printful: 429 with Retry-After and X-Ratelimit-*, the catalogue still answering", async () => {
    const limited = await startTestPrintful({ mockupsPerMinute: 2 });
    try {
      const variant = (await limited.client.getProduct(71)).variants[0]!.id;
      const body = tee(variant, { files: [{ placement: "front", image_url: `${files.url}/pixlings/pix_7.png` }] });
      await limited.client.createMockupTask(71, body);
      await limited.client.createMockupTask(71, body);
      const res = await fetch(`${limited.server.url}/mockup-generator/create-task/71`, {
        method: "POST",
        headers: { authorization: `Bearer ${limited.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 429);
      const wait = Number(res.headers.get("retry-after"));
      assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
      assert.deepEqual([res.headers.get("x-ratelimit-limit"), res.headers.get("x-ratelimit-remaining")], ["2", "0"]);
      assert.equal(((await res.json()) as { error: { reason: string } }).error.reason, "TooManyRequests");
      const failure = await printfulFailure(limited.client.createMockupTask(71, body));
      assert.equal(failure.kind, "rate_limited");
      assert.ok(failure.kind === "rate_limited" && failure.retryAfter >= 1 && failure.retryAfter <= 60);
      // The catalogue has its own, looser limit.
      assert.equal((await limited.client.getProduct(71)).product.id, 71);
    } finally {
      await limited.close();
    }
  });
});
