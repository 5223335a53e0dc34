// Public API of the FAQ feature (server side: imports the database; client code must not import it).

export { filterFaq } from "./filter";
export type { FaqItem, FaqSection } from "./schema";
export { FaqFormatError, parseFaq } from "./server/parse";
export { listFaq } from "./server/queries";
export { type FaqSeedResult, seedFaq } from "./server/seed";
