export { botErrorResponse, botErrorText, isBotUserAgent } from "./bots";
export { ChunkReloadGuard } from "./components/ChunkReloadGuard";
export { ErrorPage, type ErrorPageProps } from "./components/ErrorPage";
export { PageViews } from "./components/PageViews";
export { PathMessage } from "./components/PathMessage";
export { VersionWatcher } from "./components/VersionWatcher";
export { invalidRouteMessage, pageNotFoundMessage } from "./not-found-messages";
export { botNotFoundResponse, unmatchedPath } from "./unmatched";
