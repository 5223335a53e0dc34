import "server-only";

// The schemas for route files (not from the feature index: its components would join the client
// bundle of every page that loads the route modules, e.g. the API reference via src/server/openapi.ts).
export {
  adminRoundSchema,
  airdropListSchema,
  createRoundSchema,
  proofParamsSchema,
  roundIdSchema,
  sweepSchema,
} from "./schema";
export { requireAdminPage, roundFormTierNames } from "./server/admin-gate";
export { verificationGuideHtml } from "./server/guide";
export { airdropPublishWorker, requestPublish, runNextPublish } from "./server/jobs";
export { hasClaimedOnChain, roundsFor } from "./server/participant";
// Server-only public API of the airdrop feature (rounds, simulator, publish job, proofs).
export { sweepRound } from "./server/publish";
export { deleteRound } from "./server/remove";
export {
  adminView,
  airdropDistributors,
  createRound,
  getRound,
  listRoundsAdmin,
  proofOf,
} from "./server/rounds";
export { roundSimulation } from "./server/simulation";
export { treeJson } from "./server/tree-serve";
