// What test-kit/src/standInsApart.ts and the process it starts (standInsChild.ts) say to each other.

export interface StandInsConfig {
  /** The site the API is configured for: the Google stand-in's client sends its codes back there. */
  site: string;
  /** Where Stripe's webhooks go (through the relay, when `relay`). */
  webhookTarget: string;
  relay: boolean;
  retryDelaysMs: number[];
  attemptTimeoutMs: number;
  /** The loopback certificate's files (test-kit/src/loopbackTls.ts): both stand-ins serve https. */
  tls: { keyFile: string; certFile: string };
}

export type StandInsMessage =
  | {
      kind: "ready";
      stripe: { url: string; port: number; secretKey: string; publishableKey: string; webhookSecret: string };
      google: { issuer: string; env: Record<string, string> };
    }
  | { kind: "forwarded"; type: string; objectId: string; status: number };
