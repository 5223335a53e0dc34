// Client-safe public API of the airdrop feature. Server code is in `@/features/airdrop/server`.
export { type Allocation, type AllocationRule, allocate, type Participant } from "./allocation";
export { AirdropPage } from "./components/AirdropPage";
export {
  type AdminRound,
  adminRoundSchema,
  airdropListSchema,
  type CreateRoundInput,
  createRoundSchema,
  type PublicRound,
  proofParamsSchema,
  roundIdSchema,
  sweepSchema,
} from "./schema";
export { type DistributionStats, type Simulation, simulate } from "./stats";
