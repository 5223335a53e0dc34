// Public API of the wallet modal (docs/ARCHITECTURE.md, "Wallet modal"): everything else in this
// folder is internal.
export { ConnectButton } from "./ConnectButton";
export { Blockie } from "./components/Blockie";
export { useAccountContext, useMounted, useSessionAddress, useWalletModal } from "./context";
export { formatBalance, shortenAddress } from "./lib/format";
export { NetworkBadge } from "./NetworkBadge";
export { WalletBoundary } from "./WalletBoundary";
export { WalletProvider, type WalletProviderProps } from "./WalletProvider";
