export * from "./collection.ts";
export * from "./tiers.ts";
export * from "./chains.ts";
export * from "./art/symmetry.ts";
export * from "./art/codec.ts";
export * from "./networks.ts";
export * from "./art/chunks.ts";
export * from "./voucher.ts";
