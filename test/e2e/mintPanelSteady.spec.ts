import { expect, test } from "../support/fixtures.ts";
import { firstAvailableId } from "../support/mintFromPage.ts";

// The chain choice of a mint page stays where it is when the card settings arrive late: a click
// aimed at "Local Polygon" once landed on "Local Ethereum", which the card row had pushed there.
test("the mint page's chain choice does not move when the card settings arrive", async ({ page }) => {
  const id = await firstAvailableId(page, 50);
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/card/config", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/mint/${id}`);
  const polygon = page.getByRole("radio", { name: /Local Polygon/ });
  await expect(polygon).toBeVisible();
  const before = await polygon.boundingBox();
  const answered = page.waitForResponse("**/api/card/config");
  release();
  await answered;
  await expect(page.getByRole("radio", { name: "Credit Card (USD)" })).toBeVisible();
  expect(await polygon.boundingBox()).toEqual(before);
  await polygon.check();
  await expect(polygon).toBeChecked();
});
