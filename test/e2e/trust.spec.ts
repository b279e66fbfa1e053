// Terms a card buyer can trust (issue 20 item 3), an honest roadmap, and the small points of every
// page: a real 404, a title per route.
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";

test("the terms cover card buyers (custody, Mint to Wallet, refunds, disputes, closing) and name the operator and support", async ({ page, request }) => {
  const shop = await (await request.get("/api/shop")).json();
  expect(shop).toEqual({
    operatorName: "Pixlings development build (no operator set)",
    supportEmail: "support@pixlings.test",
    refundDays: 14,
    closingNoticeDays: 90,
    development: true,
  });

  await page.goto("/terms");
  await expect(page).toHaveTitle("Terms of Service · Pixlings");
  const operator = page.getByRole("definition").filter({ hasText: "Pixlings development build" });
  await expect(operator).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "support@pixlings.test" }).first()).toHaveAttribute("href", "mailto:support@pixlings.test");
  await expect(page.getByText("This is a development build")).toBeVisible();
  for (const heading of ["4. Buying by card", "5. Pix held for you", "6. Mint to Wallet", "7. Refunds", "8. Disputes", "9. If the shop closes"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.locator("section").filter({ hasText: "7. Refunds" })).toContainText("within 14 days of the purchase");
  await expect(page.locator("section").filter({ hasText: "9. If the shop closes" })).toContainText("at least 90 days ahead");
  await expect(page.locator("section").filter({ hasText: "5. Pix held for you" })).toContainText("held for you is yours");
  // The footer names the operator and links support on every page.
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Run by Pixlings development build (no operator set).");
  await expect(footer.getByRole("link", { name: "Support" })).toHaveAttribute("href", "mailto:support@pixlings.test");
  await expectAccessible(page);
  await atPhoneWidthInBothThemes(page, "the terms", () => expectAccessible(page));
  await screenshots(page, "terms");
});

test("the home roadmap promises only what the product backs, and the FAQ tells how to buy without a wallet", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Pixlings: 9x9 pixel art on-chain");
  const roadmap = page.locator("section").filter({ has: page.getByRole("heading", { name: "Roadmap" }) });
  await expect(roadmap.getByRole("listitem").first()).toBeVisible();
  for (const promise of [/metaverse/i, /token/i, /gaming/i, /DAO/, /mobile app/i, /marketplace/i]) {
    await expect(roadmap).not.toContainText(promise);
  }
  await expect(roadmap).toContainText("Card checkout, Pix held for you");
  await expect(roadmap).toContainText("Merch previews of your Pix");
  await page.getByRole("button", { name: "Can I buy without a wallet?" }).click();
  await expect(page.getByText("sign in with Google and pay by card")).toBeVisible();
  await atPhoneWidthInBothThemes(page, "home");
});

test("an unknown route answers 404 and still shows the app's Page Not Found; every route has its own tab title", async ({ page, request }) => {
  const missing = await request.get("/no/such/page");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toMatch(/text\/html/);
  for (const path of ["/", "/browse", "/mint/250", "/terms", "/my-pixlings", "/admin/nfts"]) expect((await request.get(path)).status(), path).toBe(200);

  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found · Pixlings");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveTitle("Pixlings: 9x9 pixel art on-chain");

  // Client-side navigations retitle the tab too; a Pix's page is named after the Pix.
  await page.getByRole("banner").getByRole("link", { name: "Browse" }).click();
  await expect(page).toHaveTitle("Browse Pixlings · Pixlings");
  await page.goto("/browse?filter=artist");
  await expect(page).toHaveTitle("Artist Pieces · Pixlings");
  await page.goto("/mint/250");
  const name = await page.getByRole("heading", { level: 1 }).innerText();
  await expect(page).toHaveTitle(`${name} (Pix #250) · Pixlings`);
  await page.goto("/mint/99999");
  await expect(page).toHaveTitle("Pix Not Found · Pixlings");
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Policy · Pixlings");
  await atPhoneWidthInBothThemes(page, "the privacy policy");
});
