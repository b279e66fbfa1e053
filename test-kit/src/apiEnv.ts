/** A signer key and a session secret of nobody (not the dev ones): what production configs in tests use. */
export const PRODUCTION_SECRETS = { SIGNER: `0x${"42".repeat(32)}`, SECRET: "x".repeat(32) } as const;

/** Every API variable the production rules ask for, set as a real deployment sets them. */
export const PRODUCTION = {
  MINT_SIGNER_PRIVATE_KEY: PRODUCTION_SECRETS.SIGNER,
  SESSION_SECRET: PRODUCTION_SECRETS.SECRET,
  SIWE_DOMAIN: "pixlings.example",
  SIWE_URI: "https://pixlings.example",
  OIDC_ISSUER: "https://accounts.google.com",
  OIDC_CLIENT_ID: "1234.apps.googleusercontent.com",
  OIDC_CLIENT_SECRET: "a-real-client-secret",
  API_TRUST_PROXY: "loopback",
  SHOP_OPERATOR_NAME: "Pixlings Example GmbH",
  SHOP_SUPPORT_EMAIL: "support@pixlings.example",
};
