import "server-only";

/** The news feature's server entry for other features (the operator console renders and stores articles). */
export { readingMinutes, renderMarkdown } from "./server/markdown";
