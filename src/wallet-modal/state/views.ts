/** The modal's views (names from the seed). One file per view in `../views/`. */
export const VIEWS = [
  "Connect",
  "ConnectingExternal",
  "SIWXSignMessage",
  "Account",
  "SwitchNetwork",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
] as const;

export type ViewName = (typeof VIEWS)[number];

/** Per-view data, e.g. which connector ConnectingExternal is waiting for. */
export type ViewData = {
  /** ConnectingExternal: the wagmi connector uid. */
  connectorUid?: string;
  /** SwitchNetwork: the chain to switch to. */
  chainId?: number;
  /** RegisterAccountName: a name to start from; RegisterAccountNameSuccess: the name registered. */
  name?: string;
};

export type ViewEntry = { view: ViewName; data?: ViewData };
