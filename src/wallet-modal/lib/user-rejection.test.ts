import { UnknownRpcError, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { isUserRejection } from "./user-rejection";

describe("isUserRejection", () => {
  it("reads the EIP-1193 code 4001, also wrapped by a library or under data.originalError", () => {
    expect(isUserRejection(Object.assign(new Error("nope"), { code: 4001 }))).toBe(true);
    expect(isUserRejection({ cause: { code: 4001 } })).toBe(true);
    expect(isUserRejection({ code: -32000, data: { originalError: { code: 4001 } } })).toBe(true);
    expect(isUserRejection(new UserRejectedRequestError(new Error("x")))).toBe(true);
  });

  // The seed (§8, mapped provider errors): "'User rejected' and 'connection request reset' become a
  // user-rejected error", whatever the code.
  it("a wallet's 'User rejected …' error without a code is a rejection", () => {
    expect(isUserRejection(new Error("User rejected the request."))).toBe(true);
    expect(isUserRejection(new Error("user REJECTED"))).toBe(true);
    expect(isUserRejection(new Error("MetaMask Tx Signature: User denied transaction signature."))).toBe(
      true,
    );
  });

  it("the same error as viem wraps it (UnknownRpcError, original as cause) is a rejection", () => {
    expect(isUserRejection(new UnknownRpcError(new Error("User rejected.")))).toBe(true);
  });

  it("'Connection request reset' is a rejection", () => {
    expect(isUserRejection(new Error("Connection request reset. Please try again."))).toBe(true);
  });

  it("other failures are not", () => {
    expect(isUserRejection(new Error("x"))).toBe(false);
    expect(isUserRejection(Object.assign(new Error("Unrecognized chain"), { code: 4902 }))).toBe(false);
    expect(isUserRejection(new UnknownRpcError(new Error("HTTP request failed")))).toBe(false);
    expect(isUserRejection({ data: "0x08c379a0" })).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
    expect(isUserRejection("User rejected")).toBe(false);
  });

  it("stops on a cyclic cause", () => {
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = a;
    expect(isUserRejection(a)).toBe(false);
  });
});
