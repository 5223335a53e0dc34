import { describe, expect, it } from "vitest";
import { isCloseDisabled, networkSwitchView, openView, requiredAuthView } from "./open-view";

const disconnected = { walletConnected: false, chainSupported: false, hasSession: false };
const connectedNoSession = { walletConnected: true, chainSupported: true, hasSession: false };
const wrongNetwork = { walletConnected: true, chainSupported: false, hasSession: false };
const signedIn = { walletConnected: true, chainSupported: true, hasSession: true };
const sessionOnly = { walletConnected: false, chainSupported: false, hasSession: true };

describe("openView", () => {
  it("shows the requested view when one is given", () => {
    expect(openView({ view: "SwitchNetwork", data: { chainId: 56 } }, signedIn)).toEqual({
      view: "SwitchNetwork",
      data: { chainId: 56 },
    });
    expect(openView({ view: "Connect" }, signedIn).view).toBe("Connect");
  });

  it("shows Connect when nothing is connected", () => {
    expect(openView(undefined, disconnected).view).toBe("Connect");
  });

  it("shows Account when connected and signed in, or signed in from an earlier visit", () => {
    expect(openView(undefined, signedIn).view).toBe("Account");
    expect(openView(undefined, sessionOnly).view).toBe("Account");
    expect(openView(undefined, { ...signedIn, chainSupported: false }).view).toBe("Account");
  });

  it("resumes a pending sign-in: wrong network first, then the SIWX message", () => {
    expect(openView(undefined, wrongNetwork).view).toBe("UnsupportedChain");
    expect(openView(undefined, connectedNoSession).view).toBe("SIWXSignMessage");
  });
});

describe("requiredAuthView", () => {
  it("is nothing when disconnected or already signed in", () => {
    expect(requiredAuthView(disconnected)).toBeNull();
    expect(requiredAuthView(signedIn)).toBeNull();
    expect(requiredAuthView({ ...signedIn, chainSupported: false })).toBeNull();
  });
});

describe("isCloseDisabled", () => {
  it("blocks closing only on the sign view while no session exists", () => {
    expect(isCloseDisabled("SIWXSignMessage", connectedNoSession)).toBe(true);
    expect(isCloseDisabled("SIWXSignMessage", signedIn)).toBe(false);
    expect(isCloseDisabled("Connect", disconnected)).toBe(false);
    expect(isCloseDisabled("UnsupportedChain", wrongNetwork)).toBe(false);
  });
});

describe("networkSwitchView", () => {
  it("does nothing when the target is active, else asks for confirmation", () => {
    expect(networkSwitchView(99199, 99199)).toBeNull();
    expect(networkSwitchView(99199, 1)).toEqual({ view: "SwitchNetwork", data: { chainId: 99199 } });
    expect(networkSwitchView(99199, undefined)).toEqual({ view: "SwitchNetwork", data: { chainId: 99199 } });
  });
});
