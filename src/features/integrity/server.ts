import "server-only";

export {
  appealBodySchema,
  clusterDecisionSchema,
  clusterSchema,
  excludeBodySchema,
  exclusionSchema,
  importBodySchema,
  myStandingSchema,
  pageQuerySchema,
  restoreBodySchema,
  scoreSchema,
} from "./schema";
/** The integrity feature's server entry: exclusions, appeals, sybil scores and clusters (issue 12). */
export {
  appealExclusion,
  excludeParticipant,
  exclusionOf,
  importExclusions,
  listExclusions,
  loadMyStanding,
  myStanding,
  restoreParticipant,
} from "./server/exclusions";
export { decideCluster, listClusters, listScores } from "./server/review";
export { recordSignIn } from "./server/sign-ins";
export { integrityWorker } from "./server/worker";
