// Client-safe public API of the names feature. Server code is in `@/features/names/server`.
export {
  fetchNameMessage,
  fetchNameSuggestions,
  fetchNamesOf,
  nameErrorDetails,
  registerAccountName,
} from "./api";
export { AccountName } from "./components/AccountName";
export { checkName, NAME_ERRORS, stripZone } from "./rules";
// The zod schemas (./schema) are on the server entry: importing them here put zod (~31 KB gzip) in
// the first load of every page that shows an AccountName (/task, /rewards, /friends, /support).
