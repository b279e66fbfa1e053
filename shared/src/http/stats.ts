/** `GET /api/stats`: live from the indexer. */
export interface Stats {
  total: number;
  /** Distinct ids minted on any chain. */
  minted: number;
  /** Distinct owners: holder addresses across chains (not the custody address), each card buyer whose Pix custody holds, and the shop if it holds any for no buyer. */
  owners: number;
  /** `total - minted`. */
  available: number;
}
