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
