// Public API of the wallet modal (see /tmp/interfaces.md): everything else in this folder is internal.
export { ConnectButton } from "./ConnectButton";
export { Blockie } from "./components/Blockie";
export { useMounted, useProfileName, useSessionAddress, useWalletModal } from "./context";
export { formatBalance, shortenAddress } from "./lib/format";
export { NetworkBadge } from "./NetworkBadge";
export { recordTransaction } from "./state/transactions";
export { WalletBoundary } from "./WalletBoundary";
export { WalletProvider, type WalletProviderProps } from "./WalletProvider";
