import "server-only";

// The faucet feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): claims, gates,
// the sender worker and the status figures, and the schemas its routes validate with.
export {
  claimBodySchema,
  claimCreatedSchema,
  claimViewSchema,
  faucetStatusSchema,
  powChallengeSchema,
} from "./schema";
export * from "./server/index";
