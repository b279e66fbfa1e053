/** `GET /api/health`. */

type DatabaseKind = "pglite" | "postgres";

export interface HealthResponse {
  status: "ok";
  database: DatabaseKind;
}

/** 503 when the database does not answer. */
export interface HealthUnavailableBody {
  message: string;
  status: "error";
  database: DatabaseKind;
}

/** `GET /api/ready`: 200 when this process may take traffic. */
export interface ReadyResponse {
  status: "ready";
}

/** 503: why not (the database, its migrations, the indexer's lag, a chain's RPC). */
export interface NotReadyBody {
  message: string;
  status: "not_ready";
  reasons: string[];
}
