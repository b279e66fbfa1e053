import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { shareTags } from "./shareMeta.ts";

const PIX: Nft = {
  id: 42,
  tokenId: 42,
  name: "Rosewater Quasar",
  customName: null,
  description: "",
  customDescription: null,
  descriptionByArtist: false,
  imageUrl: "/pixlings/pix_42.png?v=3",
  rarity: "Rare",
  mintPrice: "0.03",
  colorCount: 5,
  symmetryType: "none",
  isArtistPiece: false,
  artistId: null,
  artistName: null,
  artist: null,
  isMinted: false,
  mintedOnChain: null,
  walletOwner: null,
  cardPurchasedBy: null,
  ownerType: null,
  reservedUntil: null,
};

/** The content of each meta tag, by property or name, read back with entities undone. */
function metaOf(html: string): Map<string, string> {
  const undoEntities = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return new Map([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, undoEntities(m[2]!)]));
}

describe("a Pix page's link-preview tags", () => {
  it("name the Pix, its tier and that it is available, with an absolute image that follows the art version", () => {
    const tags = shareTags(PIX, "https://shop.example");
    const meta = metaOf(tags.meta);
    assert.equal(tags.title, "Rosewater Quasar · Pixlings");
    assert.equal(meta.get("og:title"), "Rosewater Quasar");
    assert.equal(meta.get("og:description"), "Rare Pix #42. Available.");
    assert.equal(meta.get("og:url"), "https://shop.example/mint/42");
    assert.equal(meta.get("og:image"), "https://shop.example/og/pix/42.png?v=3");
    assert.equal(meta.get("twitter:image"), meta.get("og:image"));
    assert.deepEqual([meta.get("og:image:width"), meta.get("og:image:height"), meta.get("twitter:card")], ["1200", "630", "summary_large_image"]);
  });

  it("say who owns it: a shortened wallet and its chain, a card buyer never named, or a sale in progress", () => {
    const describe = (over: Partial<Nft>) => metaOf(shareTags({ ...PIX, ...over }, "https://shop.example").meta).get("og:description");
    const owner = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    assert.equal(
      describe({ isMinted: true, mintedOnChain: 31338, walletOwner: owner, ownerType: "wallet" }),
      "Rare Pix #42. Owned by 0xAbCd...Ef01 on Local Polygon.",
    );
    assert.equal(describe({ isMinted: true, mintedOnChain: 31337, ownerType: "card", cardPurchasedBy: "tok" }), "Rare Pix #42. Held for a card buyer.");
    assert.equal(describe({ reservedUntil: "2030-01-01T00:00:00.000Z" }), "Rare Pix #42. Reserved: a sale in progress.");
    assert.equal(describe({ rarity: "Artist", artistName: "Tomás Lindqvist" }), "Artist Pix #42 by Tomás Lindqvist. Available.");
  });

  it("escape everything a name may hold", () => {
    const name = `Tom & "Jerry" <script>alert('x')</script>`;
    const tags = shareTags({ ...PIX, customName: name }, "https://shop.example");
    assert.doesNotMatch(tags.meta + tags.title, /<script|"Jerry"|'x'/);
    assert.equal(metaOf(tags.meta).get("og:title"), name);
    assert.equal(tags.title, "Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; · Pixlings");
  });
});
