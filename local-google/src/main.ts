// `node local-google/src/main.ts`: the local Google stand-in on LOCAL_GOOGLE_PORT until SIGINT/SIGTERM.
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { readLocalGoogleEnv } from "./readLocalGoogleEnv.ts";
import { startLocalGoogle } from "./startLocalGoogle.ts";

loadDotEnv();
const google = await startLocalGoogle(readLocalGoogleEnv(process.env));
console.log(`Local Google (OpenID provider): ${google.issuer}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void google.close().then(() => process.exit(0));
  });
}
