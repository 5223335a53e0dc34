// Client-safe public API of the names feature. Server code is in `@/features/names/server`.
export {
  fetchNameMessage,
  fetchNameSuggestions,
  fetchNamesOf,
  NameApiError,
  registerAccountName,
  resolveName,
} from "./api";
export { AccountName, type AccountNameProps } from "./components/AccountName";
export {
  chainOfCoinType,
  checkName,
  coinTypeOfChain,
  fullName,
  NAME_ERRORS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NAME_RULE_MESSAGES,
  type NameCheck,
  type NameRule,
  nameSkeleton,
  stripZone,
} from "./rules";
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
} from "./schema";
