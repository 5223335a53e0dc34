import "server-only";

export { loadFaq } from "./server/page-data";
// The FAQ feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { FaqFormatError, parseFaq } from "./server/parse";
export { listFaq } from "./server/queries";
export { type FaqSeedResult, seedFaq } from "./server/seed";
