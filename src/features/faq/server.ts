import "server-only";

// The FAQ feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { filterFaq } from "./filter";
export { faqQuerySchema, faqResponseSchema } from "./schema";
export { forgetFaq, loadFaq } from "./server/page-data";
export { parseFaq } from "./server/parse";
export { listFaq } from "./server/queries";
export { contiguousSections } from "./server/sections";
