export { ChunkReloadGuard } from "./components/ChunkReloadGuard";
export { ErrorPage } from "./components/ErrorPage";
export { PageViews } from "./components/PageViews";
export { PathMessage } from "./components/PathMessage";
export { VersionWatcher } from "./components/VersionWatcher";
