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
// The zod schemas (./schema) are on the server entry: importing them here put zod (~31 KB gzip) in
// the first load of every page that shows an AccountName (/task, /rewards, /friends, /support).
