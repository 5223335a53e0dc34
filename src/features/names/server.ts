import "server-only";

export {
  addressInput,
  type NameMessage,
  type NameRecord,
  type NameRegistered,
  type NameSuggestions,
  nameMessageSchema,
  nameRecordSchema,
  nameRegisteredSchema,
  nameSuggestionsSchema,
  type RegisterBody,
  registerBodySchema,
  renameCooldownSchema,
} from "./schema";
/** The names feature's server entry (docs/ARCHITECTURE.md, "Feature entries"). */
export { assertMayRegister, RenameCooldownError } from "./server/cooldown";
export { issueRegistrationMessage, NAME_MESSAGE_TTL_SECONDS } from "./server/message";
export {
  addressOfName,
  lookupName,
  NAMES_BATCH_MAX,
  namesFor,
  namesVersion,
  primaryNameOf,
  reverseLookup,
} from "./server/records";
export { availabilityOf, coinTypeFor, registerName, requireLabel, TakenError } from "./server/register";
export { revokeName } from "./server/revoke";
export { nameStatus } from "./server/status";
