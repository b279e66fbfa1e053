/**
 * The API version the stand-in stamps on its events: the one the pinned `stripe` SDK speaks
 * (`Stripe.API_VERSION`; a test keeps the two equal when the SDK is upgraded).
 */
export const LOCAL_STRIPE_API_VERSION = "2026-10-28.endive";
