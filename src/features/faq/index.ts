// Client-safe public API of the FAQ feature. Server code: ./server.ts.
export { FaqPage, FaqSkeleton } from "./components";
export { filterFaq } from "./filter";
export type { FaqItem, FaqSection } from "./schema";
