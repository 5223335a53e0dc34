// Client-safe public API of the FAQ feature. Server code (database, parsing): `@/features/faq/server`.

export { FaqPage } from "./components";
export type { FaqItem, FaqSection } from "./schema";
