// The artist and admin areas end to end (issue 12): an artist draws a piece and uploads another;
// an admin approves the drawing onto an unminted Pix (written on both chains) and rejects the upload
// with a quick reason; the artist sees "Approved as Token #n" and the rejection in the chat; the
// mint page and the PNG show the drawn pixels. Each role signs in through the local Google
// stand-in in a context of its own; the tests run in order and share what they made.
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { signInAs } from "../support/google.ts";
import { expectNoHorizontalOverflow } from "../support/layout.ts";
import { bothThemes, watchErrors } from "../support/pageChecks.ts";
import { cell, dialog, expectRefused, findTarget, toast } from "../support/artistPages.ts";

test.describe.configure({ mode: "serial" });

const DRAWN_NAME = `E2E Sunrise ${Date.now().toString(36)}`;
// 45 characters: a long title must not widen the lists at 375 px (and " v2" still fits the 50).
const UPLOADED_NAME = `E2E Upload with a rather long title, ${Date.now().toString(36)}`.slice(0, 45);
const QUICK_REASON = "Image quality too low";
const WHITE = 0xfff1e8;
const RED = 0xff004d;
const BLUE = 0x29adff;

/** What the test draws, cell by cell (row-major): the editor starts all background (white). */
const drawn: number[] = new Array(81).fill(WHITE);
let targetTokenId = 0;
/** The artist profile artist@pixlings.test acts as (the stack names it in ARTIST_EMAILS), read from the dashboard. */
let artistName = "";

test("signed out, /admin asks for an admin sign-in; a collector gets Access Denied", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Login Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveAttribute("href", /^\/api\/auth\/google\?returnTo=%2Fadmin/);
  await signInAs(page, "collector@pixlings.test", "/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/artist-login");
  await expect(page.getByRole("heading", { name: "No Artist Access" })).toBeVisible();
  // The shop's own words, not the API's 403.
  await expect(page.getByText(/Artists only/)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("an artist draws one piece and uploads another", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/artist-login");
  await expect(page.getByRole("heading", { name: "Artist Login" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
  await signInAs(page, "artist@pixlings.test", "/artist-login");
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await page.waitForURL("**/artist-dashboard");
  await expect(page.getByRole("heading", { name: "Artist Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Live Pixlings \(\d+\)$/ })).toBeVisible();
  artistName = ((await page.getByText(/^Welcome, /).textContent()) ?? "").replace(/^Welcome, /, "");
  expect(artistName).not.toBe("");

  // Nothing yet, on a phone: Missing Information, at the Name field.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Submit Artwork" }).first().click();
  await dialog(page).getByRole("button", { name: "Submit Artwork" }).click();
  await expectRefused(page, "Name", "Missing Information: Please provide a name and image for your artwork.");
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog(page).getByLabel("Name").fill(DRAWN_NAME);
  await dialog(page).getByLabel("Description (optional)").fill("Drawn in the browser test");
  // Red by click and by drag along row 2.
  await dialog(page).getByRole("radio", { name: "Red", exact: true }).check({ force: true });
  await cell(page, 1, 1).click();
  drawn[0] = RED;
  const from = await cell(page, 2, 1).boundingBox();
  const to = await cell(page, 2, 5).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  for (let column = 2; column <= 5; column++) {
    const box = await cell(page, 2, column).boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2, { steps: 2 });
  }
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2);
  await page.mouse.up();
  for (let column = 0; column < 5; column++) drawn[9 + column] = RED;
  // Blue by keyboard: from the last cell, one to the left, Space.
  await dialog(page).getByRole("radio", { name: "Blue", exact: true }).check({ force: true });
  await cell(page, 9, 9).click();
  drawn[80] = BLUE;
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Space");
  drawn[79] = BLUE;
  await expect(cell(page, 9, 8)).toHaveAccessibleName("Row 9, column 8: Blue");
  await expect(dialog(page).getByText(/Colours used: 3/)).toBeVisible();
  await screenshots(page, "submit-artwork-dialog");
  await expectAccessible(page);
  await dialog(page).getByRole("button", { name: "Submit Artwork" }).click();
  await expect(toast(page)).toContainText("Artwork Submitted");
  await expect(dialog(page)).toHaveCount(0);

  // The upload: a real 9x9 PNG (Pix #2's, from the server), previewed, then submitted.
  const png = await (await page.request.get("/pixlings/pix_2.png?size=9")).body();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("button", { name: "Submit Artwork" }).first().click();
  await dialog(page).getByRole("tab", { name: "Upload image" }).click();
  await dialog(page).getByLabel("Image file").setInputFiles({ name: "piece.png", mimeType: "image/png", buffer: png });
  await expect(dialog(page).getByRole("img", { name: "Preview of piece.png" })).toBeVisible();
  // Only the name is missing: the message asks for the name alone.
  await dialog(page).getByRole("button", { name: "Submit Artwork" }).click();
  await expectRefused(page, "Name", "Missing Information: Please provide a name for your artwork.");
  await dialog(page).getByLabel("Name").fill(UPLOADED_NAME);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog(page).getByRole("button", { name: "Submit Artwork" }).click();
  await expect(toast(page)).toContainText("Artwork Submitted");

  await page.getByRole("tab", { name: /^Submissions \(\d+\)$/ }).click();
  const card = page.getByRole("article").filter({ hasText: DRAWN_NAME });
  await expect(card).toContainText("Pending");
  await expect(card).toContainText("3 colours");
  await expect(card.getByRole("img", { name: DRAWN_NAME })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: UPLOADED_NAME })).toContainText("Pending");
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalOverflow(page, "the page");
  await page.setViewportSize({ width: 1280, height: 900 });
  await bothThemes(page, "artist-dashboard");
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("an admin approves the drawing onto an unminted Pix and rejects the upload with a quick reason", async ({ page }) => {
  const errors = watchErrors(page);
  targetTokenId = await findTarget(page);
  await signInAs(page, "admin@pixlings.test", "/admin/submissions");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Submissions", selected: true })).toBeVisible();

  const card = page.getByRole("article").filter({ hasText: DRAWN_NAME });
  await card.getByRole("button", { name: `Approve ${DRAWN_NAME}` }).click();
  const review = dialog(page);
  await expect(review.getByRole("img", { name: DRAWN_NAME })).toBeVisible();
  const approve = review.getByRole("button", { name: "Approve & Replace" });
  await expect(approve).toBeDisabled();
  // And it looks it: colours of its own (readable, not a faded violet: contrast.spec.ts) and a not-allowed pointer.
  // Read once its colour transition has ended (mid-fade it shows neither look).
  const look = () =>
    approve.evaluate(async (button) => {
      await Promise.all(button.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      return [getComputedStyle(button).backgroundColor, getComputedStyle(button).cursor];
    });
  const disabledLook = await look();
  expect(disabledLook[1]).toBe("not-allowed");
  const field = review.getByLabel("Target Token ID");
  await field.fill("10000");
  await expect(review.getByText("Invalid token ID. Must be between 1 and 9999")).toBeVisible();
  await expect(approve).toBeDisabled();
  await field.fill("1");
  await expect(review.getByText("Replacing Artist Piece")).toBeVisible();
  await field.fill(String(targetTokenId));
  await expect(review.getByText(`Token #${targetTokenId}`)).toBeVisible();
  await expect(approve).toBeEnabled();
  const enabledLook = await look();
  expect(enabledLook[0]).not.toBe(disabledLook[0]);
  expect(enabledLook[1]).not.toBe("not-allowed");
  await expectAccessible(page);
  await approve.click();
  await expect(review.getByRole("region", { name: "Replacement progress" })).toBeVisible();
  await expect(toast(page)).toContainText("Submission approved and NFT replaced successfully!", { timeout: 60_000 });
  await expect(review.getByText(`Pix #${targetTokenId} shows the new art on every chain.`)).toBeVisible();
  await expect(review.getByText("Approved", { exact: true })).toBeVisible();
  // Behind the dialog (out of the accessibility tree while it is open), the card is no longer Pending.
  const behind = page.locator("article", { hasText: DRAWN_NAME });
  await expect(behind).toContainText("Approved");
  await expect(behind).not.toContainText("Pending");
  await review.getByRole("button", { name: "Done" }).click();
  // The list reads itself again and the approved card leaves "Pending review", moving the cards after it: a
  // click pressed on one before the move and released after lands elsewhere (as a person's would).
  await expect(card).toHaveCount(0);

  // The upload: rejected with a quick reason (a blank reason is refused first).
  const upload = page.getByRole("article").filter({ hasText: UPLOADED_NAME });
  // The review list at 375 px with the long title still in it: no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(upload).toBeVisible();
  await expectNoHorizontalOverflow(page, "the review list with a 45-character title");
  await page.setViewportSize({ width: 1280, height: 900 });
  await upload.getByRole("button", { name: `Reject ${UPLOADED_NAME}` }).click();
  await dialog(page).getByRole("button", { name: "Reject Submission" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText("Please provide a reason for rejection");
  await dialog(page).getByRole("button", { name: QUICK_REASON }).click();
  await expect(dialog(page).getByLabel("Reason for rejection")).toHaveValue(QUICK_REASON);
  await dialog(page).getByRole("button", { name: "Reject Submission" }).click();
  await expect(toast(page)).toContainText("Submission rejected");
  expect(errors).toEqual([]);
});

test("every admin tab in light and dark, at desktop and 375 px, accessible; the NFT tab knows the Pix by its new name", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, "admin@pixlings.test", "/admin/submissions");
  for (const tab of ["NFTs", "Artists", "Submissions", "Freemint", "Displaced", "Frozen"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 2 })).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("status")).toHaveCount(0);
    await bothThemes(page, `admin-${tab.toLowerCase()}`);
    await expectAccessible(page);
  }
  // The NFT tab knows the Pix by its new name.
  await page.getByRole("tab", { name: "NFTs" }).click();
  await page.getByLabel("Find").fill(String(targetTokenId));
  await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("tabpanel").getByRole("article")).toContainText(DRAWN_NAME);
  expect(errors).toEqual([]);
});

test("the mint page and the PNG show the drawn art", async ({ page }) => {
  await page.goto(`/mint/${targetTokenId}`);
  await expect(page.getByRole("heading", { name: DRAWN_NAME })).toBeVisible();
  const png = decodeIndexedPng(await (await page.request.get(`/pixlings/pix_${targetTokenId}.png?size=9`)).body());
  expect([png.width, png.height]).toEqual([9, 9]);
  expect(png.indices.map((index) => png.palette[index])).toEqual(drawn);
});

test("the artist sees 'Approved as Token #n', and the rejection in the chat", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, "artist@pixlings.test", "/artist-dashboard");
  await page.getByRole("tab", { name: /^Submissions/ }).click();
  const approved = page.getByRole("article").filter({ hasText: DRAWN_NAME });
  await expect(approved).toContainText("Approved");
  await expect(approved).toContainText(`Approved as Token #${targetTokenId}`);
  await expect(approved.getByRole("button", { name: "Edit" })).toHaveCount(0);

  const rejected = page.getByRole("article").filter({ hasText: UPLOADED_NAME });
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText(QUICK_REASON);
  // The admins wrote (the rejection) since the artist last looked: marked, until the chat is opened.
  await expect(rejected.getByRole("button", { name: /^Chat with Admin/ })).toContainText("1 new message");
  await expect(approved.getByRole("button", { name: /^Chat with Admin/ })).toContainText("1 new message");
  await rejected.getByRole("button", { name: /^Chat with Admin/ }).click();
  const log = dialog(page).getByRole("log", { name: "Messages" });
  await expect(log.getByRole("listitem").filter({ hasText: "Rejection" })).toContainText(QUICK_REASON);
  // Shift+Enter is a new line; Enter sends.
  const box = dialog(page).getByRole("textbox", { name: "Message" });
  await box.fill("Thanks!");
  await box.press("Shift+Enter");
  await box.pressSequentially("I will send a sharper one.");
  await expect(box).toHaveValue("Thanks!\nI will send a sharper one.");
  await box.press("Enter");
  await expect(toast(page)).toContainText("Message sent");
  await expect(log).toContainText("I will send a sharper one.");
  await expect(box).toHaveValue("");
  await expectAccessible(page);
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(rejected.getByRole("button", { name: "Chat with Admin" })).not.toContainText("new message");
  await expect(approved.getByRole("button", { name: /^Chat with Admin/ })).toContainText("1 new message");

  // A rejected submission may be edited; saving sends it back to review.
  await rejected.getByRole("button", { name: "Edit" }).click();
  await rejected.getByLabel("Name").fill(`${UPLOADED_NAME} v2`);
  await rejected.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Submission Updated");
  const resubmitted = page.getByRole("article").filter({ hasText: `${UPLOADED_NAME} v2` });
  await expect(resubmitted).toContainText("Pending");
  // The old rejection's notes do not stay on the resubmitted piece (they stay in the chat).
  await expect(resubmitted).not.toContainText(QUICK_REASON);
  expect(errors).toEqual([]);
});

test("the admin sees the artist wrote: the chat is marked until opened", async ({ page }) => {
  await signInAs(page, "admin@pixlings.test", "/admin/submissions");
  const card = page.getByRole("article").filter({ hasText: `${UPLOADED_NAME} v2` });
  const chat = card.getByRole("button", { name: new RegExp(`^Chat ${UPLOADED_NAME.replace(/[.,]/g, "\\$&")} v2`) });
  await expect(chat).toContainText("1 new message");
  await expect(chat).toHaveAccessibleName(`Chat ${UPLOADED_NAME} v2, 1 new message`);
  await chat.click();
  await expect(dialog(page).getByRole("log", { name: "Messages" })).toContainText("I will send a sharper one.");
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(chat).not.toContainText("new message");
  await page.reload();
  await expect(card.getByRole("button", { name: `Chat ${UPLOADED_NAME} v2` })).toBeVisible();
  await expect(card).not.toContainText("new message");
});

test("the admin's other pages: Edit in Admin, the NFT and artist dialogs, /admin-artists, /artist-submissions, /debug-nfts", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, "admin@pixlings.test", `/mint/${targetTokenId}`);
  await page.getByRole("link", { name: "Edit in Admin" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-simple\\?edit=${targetTokenId}$`));
  await expect(page.getByRole("heading", { name: `Edit Pix #${targetTokenId}` })).toBeVisible();
  await expect(page.getByLabel("Artist")).toHaveCount(0);
  await expect(page.getByLabel("Mint price (ETH)")).toHaveJSProperty("readOnly", true);
  await screenshots(page, "admin-simple");
  await expectAccessible(page);
  await page.getByLabel("Custom name").fill("E2E Custom Name");
  await page.getByRole("button", { name: "Save NFT" }).click();
  await expect(toast(page)).toContainText("NFT updated");
  await page.waitForURL(`**/mint/${targetTokenId}`);
  await expect(page.getByRole("heading", { name: "E2E Custom Name" })).toBeVisible();

  // An Artist piece's edit dialog has the artist field.
  await page.goto("/admin/nfts");
  await page.getByLabel("Find").fill("1");
  await page.getByRole("button", { name: "Edit Pix #1" }).click();
  await expect(dialog(page).getByLabel("Artist")).toBeVisible();
  await page.keyboard.press("Escape");

  // Artists: add (name and email required), edit (name required), delete with confirmation.
  await page.getByRole("tab", { name: "Artists" }).click();
  await page.getByRole("button", { name: "Add Artist" }).click();
  await dialog(page).getByRole("button", { name: "Add Artist" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText("Name and email are required");
  const newArtist = `E2E Artist ${Date.now().toString(36)}`;
  await dialog(page).getByLabel("Name").fill(newArtist);
  await dialog(page)
    .getByLabel("Email")
    .fill(`${newArtist.replace(/ /g, ".").toLowerCase()}@example.test`);
  await dialog(page).getByRole("button", { name: "Add Artist" }).click();
  await expect(toast(page)).toContainText("Artist added");
  await page.getByRole("button", { name: `Edit ${newArtist}` }).click();
  await dialog(page).getByLabel("Name").fill(" ");
  await dialog(page).getByRole("button", { name: "Save Artist" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText("Artist name is required");
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: `Delete ${newArtist}` }).click();
  await dialog(page).getByRole("button", { name: "Delete Artist" }).click();
  await expect(toast(page)).toContainText("Artist deleted");
  await expect(page.getByRole("heading", { name: newArtist })).toHaveCount(0);

  // Freemint: a card type is required; a new card is Active.
  await page.getByRole("tab", { name: "Freemint" }).click();
  await page.getByRole("button", { name: "Create Card" }).click();
  await expect(page.getByRole("tabpanel").getByRole("alert")).toHaveText("Please select a card type");
  await page.getByLabel("Card type").selectOption("3pix");
  await page.getByRole("button", { name: "Create Card" }).click();
  await expect(toast(page)).toContainText("Freemint card created");
  const code = ((await toast(page).textContent()) ?? "").match(/PIXLINGS(?:-[A-Z0-9]{4}){4}/)?.[0] ?? "";
  expect(code, "the toast names the new card's code").not.toBe("");
  await expect(page.getByRole("article", { name: code })).toContainText("Active");

  await page.goto("/admin-artists");
  await expect(page.getByRole("heading", { name: artistName, exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/debug-nfts");
  await expect(page.getByRole("status").filter({ hasText: /NFTs · \d+ minted · 0 phantom/ })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(101);
  await page.goto("/artist-submissions");
  await expect(page.getByRole("tab", { name: /^Pending Review \(\d+\)$/ })).toBeVisible();
  await page.getByRole("tab", { name: /^Approved \(\d+\)$/ }).click();
  const approved = page.getByRole("article").filter({ hasText: DRAWN_NAME });
  await expect(approved).toContainText("Available");
  await expect(approved).toContainText(`Token #${targetTokenId}`);
  await screenshots(page, "artist-submissions");
  await expectAccessible(page);

  expect(errors).toEqual([]);
});

test("an admin views the artist's dashboard: the banner shows on every page and End stops it", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, "admin@pixlings.test", "/admin/artists");
  const artist = page.getByRole("article").filter({ has: page.getByRole("heading", { name: artistName, exact: true }) });
  await artist.getByRole("button", { name: "View Dashboard" }).click();
  await page.waitForURL("**/artist-dashboard");
  const banner = page.getByRole("region", { name: "Artist view" });
  await expect(banner).toContainText(`Viewing as ${artistName}`);
  await expect(page.getByRole("heading", { name: "Artist Dashboard" })).toBeVisible();
  await page.goto("/browse");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "End" }).click();
  await page.waitForURL("**/admin/artists");
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("pixlings_admin_impersonation"))).toBeNull();
  expect(errors).toEqual([]);
});
