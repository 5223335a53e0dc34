// Public API of the built-in explorer (pages under src/app/(wallet)/explorer). Data loaders: ./server.
export { AddressPage } from "./components/AddressPage";
export { BlockPage } from "./components/BlockPage";
export { ChainUnavailable } from "./components/ChainUnavailable";
export { ExplorerHomePage } from "./components/ExplorerHomePage";
export { ExplorerNotFoundMessage } from "./components/ExplorerNotFoundMessage";
export { SearchNoMatch } from "./components/SearchNoMatch";
export { TxPage } from "./components/TxPage";
export { isBlockNumber, isExplorerAddress, isTxHash, searchTarget } from "./input";
