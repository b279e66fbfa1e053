import { ApiError } from "../api/apiClient.ts";
import { refusalMessage } from "../card/cardCheckoutFailure.ts";
import { loadErrorMessage } from "../errors/loadErrorMessage.ts";

function tooFast(error: ApiError): string {
  const seconds = error.body && "retryAfter" in error.body ? error.body.retryAfter : undefined;
  return `Too many codes tried: please wait${typeof seconds === "number" ? ` ${seconds} s` : " a minute"} before trying again.`;
}

/** Why a code grants nothing: the server says which (unknown, used, expired, inactive); 429 when guessing too fast. */
export function freemintCheckMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 429) return tooFast(error);
  if (error instanceof ApiError && error.status === 404 && !error.body) return "This code does not exist. Check it and try again.";
  return loadErrorMessage(error);
}

export interface RedeemFailure {
  message: string;
  /** Pix someone else took meanwhile (409 with their ids): unselect them and choose others. */
  taken: number[];
}

/** Why redeeming failed, and which chosen Pix are gone. */
export function redeemFailure(error: unknown): RedeemFailure {
  if (error instanceof ApiError && error.status === 429) return { message: tooFast(error), taken: [] };
  const body = error instanceof ApiError ? error.body : undefined;
  const taken = body && "tokenIds" in body && Array.isArray(body.tokenIds) ? body.tokenIds : [];
  return { message: refusalMessage(error, "Failed to redeem your card. Please try again."), taken };
}
