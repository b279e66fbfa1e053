/** `GET /api/stats`: live from the indexer. */
export interface Stats {
  total: number;
  /** Distinct ids minted on any chain. */
  minted: number;
  /** Distinct holder addresses across chains. */
  owners: number;
  /** `total - minted`. */
  available: number;
}
