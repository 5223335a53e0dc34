// Client-safe public API of the news feature. Server code (database, content loading, markdown):
// `@/features/news/server`. Components are imported by pages from ./components.

export * from "./components";
