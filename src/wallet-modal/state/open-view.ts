import type { ViewEntry, ViewName } from "./views";

/** What the modal knows about the wallet and the session when it decides which view to show. */
export type AuthSnapshot = {
  /** The wallet (wagmi) is connected. */
  walletConnected: boolean;
  /** The wallet is on a network this portal supports. */
  chainSupported: boolean;
  /** A server session exists for the connected address (or, with no wallet, at all). */
  hasSession: boolean;
};

/**
 * The step sign-in still needs, if any (the seed's SIWX flow): a connected wallet without a session
 * must first be on a supported network, then sign the SIWX message.
 */
export function requiredAuthView(s: AuthSnapshot): ViewName | null {
  if (!s.walletConnected || s.hasSession) return null;
  return s.chainSupported ? "SIWXSignMessage" : "UnsupportedChain";
}

/**
 * The seed's "Opening the modal" rule for our EVM-only modal: a requested view if given; otherwise
 * Account when connected, else Connect. Sign-in is required here, so a connected wallet without a
 * session goes to the pending sign-in step instead of Account.
 */
export function openView(requested: ViewEntry | undefined, s: AuthSnapshot): ViewEntry {
  if (requested) return requested;
  const pending = requiredAuthView(s);
  if (pending) return { view: pending };
  if (s.walletConnected || s.hasSession) return { view: "Account" };
  return { view: "Connect" };
}

/** The seed: closing is disabled on the sign views when SIWX is required and no session exists. */
export function isCloseDisabled(view: ViewName, s: AuthSnapshot): boolean {
  return view === "SIWXSignMessage" && !s.hasSession;
}

/**
 * The seed's network-switch rule for one chain family: nothing when the target is already active,
 * otherwise the SwitchNetwork confirmation (SwitchActiveChain never applies: EVM only).
 */
export function networkSwitchView(
  targetChainId: number,
  activeChainId: number | undefined,
): ViewEntry | null {
  if (activeChainId === targetChainId) return null;
  return { view: "SwitchNetwork", data: { chainId: targetChainId } };
}
