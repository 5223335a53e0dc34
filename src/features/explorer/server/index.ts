// Server-side API of the built-in explorer (its pages only).
export {
  type AddressView,
  type BlockView,
  contractLabels,
  type DecodedEvent,
  type ExplorerHome,
  getAddressView,
  getBlockView,
  getExplorerHome,
  getTxView,
  TestnetUnreadableError,
  type TxView,
} from "./data";
export { unlessUnreadable, unreadablePageMetadata } from "./unreadable";
