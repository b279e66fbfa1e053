/** Errors the app raises itself; toastForError turns each into the spec's toast. */

export class NoWalletError extends Error {
  override name = "NoWalletError";
  /** On a phone the spec's words differ: open a wallet app's browser rather than install an extension. */
  readonly mobile: boolean;
  constructor(mobile = false) {
    super("MetaMask not detected");
    this.mobile = mobile;
  }
}

/** The wallet connected but gave no account (it answered eth_requestAccounts with none). */
export class NoAccountsError extends Error {
  override name = "NoAccountsError";
  constructor() {
    super("No accounts found");
  }
}

/** The wallet said it sent the mint but gave back no transaction hash. */
export class NoTransactionHashError extends Error {
  override name = "NoTransactionHashError";
  constructor() {
    super("No transaction hash returned from blockchain");
  }
}

export class WalletNotConnectedError extends Error {
  override name = "WalletNotConnectedError";
  constructor() {
    super("Wallet not connected");
  }
}

export class UnsupportedChainError extends Error {
  override name = "UnsupportedChainError";
  readonly chainId: number;
  constructor(chainId: number) {
    super(`Chain ${chainId} is not supported`);
    this.chainId = chainId;
  }
}

/** The voucher's deadline passed while the wallet waited for the buyer's signature. */
export class VoucherExpiredError extends Error {
  override name = "VoucherExpiredError";
  constructor() {
    super("The mint voucher expired while waiting for your signature. Nothing was charged; please try again.");
  }
}

/** The transaction was mined but reverted. */
export class TransactionRevertedError extends Error {
  override name = "TransactionRevertedError";
  readonly hash: string;
  constructor(hash: string) {
    super("The transaction was reverted on-chain");
    this.hash = hash;
  }
}

/** The dialog was closed without connecting a wallet: not an error worth a toast. */
export class ConnectCancelledError extends Error {
  override name = "ConnectCancelledError";
  constructor() {
    super("Wallet connection cancelled");
  }
}

/** The wallet's account changed between showing an address and acting on it. */
export class WalletAccountChangedError extends Error {
  override name = "WalletAccountChangedError";
  constructor() {
    super("Your wallet switched to another account. Check the address shown and try again.");
  }
}
