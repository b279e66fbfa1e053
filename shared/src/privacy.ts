/**
 * What the shop stores about people, how long, and what "Delete my account" does with it: the
 * privacy page shows this list (web/src/pages/legal/PrivacyPage.tsx), and a test holds it to the
 * API's tables (api/src/account/privacyFacts.test.ts), so a new table cannot go unsaid.
 */

export interface StoredData {
  /** What is stored, in words. */
  what: string;
  /** How long it is kept. */
  kept: string;
  /** What "Delete my account" does with it. */
  onDelete: string;
  /** The API tables that hold it. */
  tables: readonly string[];
}

export const STORED_DATA: readonly StoredData[] = [
  {
    what: "Your account: the email address, first name and profile picture Google gives us when you sign in with Google (an email only once Google has verified it), and the Google account number it comes with.",
    kept: "While your account exists; refreshed at each Google sign-in.",
    onDelete: "Emptied: only the account's number and dates stay, for the orders we must keep to point at.",
    tables: ["users"],
  },
  {
    what: "The wallet addresses you signed in with or linked to your account, and when.",
    kept: "While your account exists.",
    onDelete: "Removed. The wallets and the Pix in them stay on the blockchains, which no one can change.",
    tables: ["user_wallets"],
  },
  {
    what: "Your sessions: one per signed-in browser, stored under a fingerprint of its cookie, with how and when you signed in (Google, or which wallet), until when it lasts, and whether you chose 'Maybe Later' on the link prompt. For admins, an artist dashboard viewed as the artist.",
    kept: "Until you sign out (or sign out everywhere), at most 7 days; expired sessions are deleted within minutes.",
    onDelete: "Removed: you are signed out everywhere.",
    tables: ["sessions", "artist_impersonations"],
  },
  {
    what: "Reservations: which Pix were held for your purchases, for which wallet and chain, when and until when, and the IP address (for IPv6, its network) they were asked from, so that no one holds too many Pix.",
    kept: "Kept as the record of the sale.",
    onDelete: "Kept, without the IP address.",
    tables: ["reservations"],
  },
  {
    what: "Card and freemint orders: the Pix, the amounts charged and refunded, the card provider's payment number, the order's state and why, and the mint's transaction; 'Mint to Wallet' transfers with the wallet each Pix went to; the card provider's notices we handled. We never see or store your card number: the card provider handles it under its own privacy policy.",
    kept: "Kept for accounting.",
    onDelete: "Kept, pointing at the emptied account.",
    tables: ["card_orders", "order_jobs", "stripe_events"],
  },
  {
    what: "Freemint cards: each card's code, what it grants and how much of it is used, and which admin created it.",
    kept: "While the card exists.",
    onDelete: "Kept (a card you created as an admin keeps your account's number, nothing else).",
    tables: ["freemint_cards"],
  },
  {
    what: "The names and stories owners give their Pix. They are shown with the Pix to everyone, and not linked to your account.",
    kept: "On the Pix until its owner changes them.",
    onDelete: "Cleared on the Pix you own when you delete your account.",
    tables: ["catalogue"],
  },
  {
    what: "Your merchandise previews: which Pix, product, colour, size and placements, and the links to the mockup images (the print provider makes and keeps those images under its own policy).",
    kept: "While your account exists.",
    onDelete: "Removed.",
    tables: ["mockup_tasks"],
  },
  {
    what: "Artists' profiles (name, email, bio, website, set by admins), the artwork they submit with its name, description and review notes, the chat between artists and admins with each message's sender name and how far each reader has read it, and the records of approved art written on the chains.",
    kept: "While the profile or the submission exists (admins may delete them).",
    onDelete:
      "Your account is unlinked from any artist profile; the profile, its submissions and its chat stay with the shop. Your name is removed from chat messages you wrote as an admin, and what you had read of each chat is forgotten.",
    tables: ["artists", "submissions", "submission_messages", "submission_reads", "art_replacements", "replacement_jobs"],
  },
  {
    what: "The admin audit log: every admin action, with the admin's email at the time.",
    kept: "Kept, also after that admin's account is deleted.",
    onDelete: "Kept.",
    tables: ["admin_audit_log"],
  },
  {
    what: "Rate limits: counts of recent requests per account, wallet or IP address.",
    kept: "About an hour.",
    onDelete: "Gone within about an hour.",
    tables: ["rate_limits"],
  },
  {
    what: "The emails of admins and artists, from the server's configuration, while a server process runs (every request reads the roles from them).",
    kept: "While a server process runs, then at most a day.",
    onDelete: "Not changed: they come from the configuration.",
    tables: ["role_lists"],
  },
];

/** The API's tables that hold nothing about a person, and why. */
export const NOT_PERSONAL_TABLES: Readonly<Record<string, string>> = {
  stories_version: "a counter of story edits",
  key_nonces: "the shop's own keys' transaction counters",
  chain_deployments: "the contracts and blocks the shop's database was made with",
  siwe_nonces: "random one-time numbers for wallet sign-ins, linked to no one, valid 5 minutes and deleted within minutes after",
};

/** What stays in your browser and never reaches us (besides the session cookie). */
export const IN_YOUR_BROWSER: readonly string[] = [
  "your cart, theme, preferred chain and merchandise colour and size (local storage, until you clear it)",
  "whether to reconnect your wallet when you come back (local storage)",
  "for admins, the artist whose dashboard they view (session storage, until the tab closes)",
];

/** What the server's logs record of a request. */
export const SERVER_LOGS =
  "One line per request: its method, path (which may name a Pix or a wallet address), status and duration; never your IP address, your cookies or a freemint code. A failure of ours is logged with what went wrong, which may include what the request asked for.";
