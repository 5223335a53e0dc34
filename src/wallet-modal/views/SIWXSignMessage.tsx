"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { useConfig, useConnection, useDisconnect, useSignMessage } from "wagmi";
import { getBytecode } from "wagmi/actions";
import { track } from "@/lib/analytics";
import { ApiClientError } from "@/lib/api-client";
import { Blockie } from "../components/Blockie";
import { DoctorNote, StuckRequestHint } from "../components/DoctorNotes";
import { useWalletContext } from "../context";
import { fetchNonce, logout, verifySignature } from "../lib/auth-api";
import { isContractCode } from "../lib/doctor";
import { shortenAddress } from "../lib/format";
import { buildSiweMessage } from "../lib/siwe";
import { isUserRejection } from "../lib/user-rejection";
import { useNav } from "../modal/nav";
import { ErrorNote, NeedHelpLink, PrimaryButton, SecondaryButton } from "../modal/ui";
import { markCapturePending } from "../state/capture";

/** Sign-In With Ethereum: one personal_sign of an EIP-4361 message, verified by our server. */
export function SIWXSignMessageView() {
  const { settings, setSessionAddress } = useWalletContext();
  const connection = useConnection();
  const { mutateAsync: signMessage } = useSignMessage();
  const { mutateAsync: disconnect } = useDisconnect();
  const router = useRouter();
  const nav = useNav();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = connection.address;
  const smartAccount = useIsContract(address, connection.chainId);
  // A retry sends a new request; answers to an older one are ignored.
  const requestId = useRef(0);
  const cancelled = useRef(false);
  const [tries, setTries] = useState(0);

  const signIn = async () => {
    if (!address || connection.chainId === undefined) return;
    const id = ++requestId.current;
    setTries((t) => t + 1);
    setBusy(true);
    setError(null);
    try {
      const nonce = await fetchNonce();
      const message = buildSiweMessage({
        address,
        chainId: connection.chainId,
        nonce,
        productName: settings.productName,
        host: window.location.host,
        origin: window.location.origin,
      });
      // wagmi's signMessage is personal_sign (EIP-191); eth_sign is never used.
      const signature = await signMessage({ message, account: address, connector: connection.connector });
      if (id !== requestId.current) return;
      const session = await verifySignature(message, signature);
      if (id !== requestId.current) {
        // Cancelled while the server checked the signature: the user chose to leave, so the session
        // the server just opened must not outlive the disconnect.
        if (cancelled.current) await logout().catch(() => undefined);
        return;
      }
      setSessionAddress(session.address);
      track("SIWX_AUTH_SUCCESS");
      // The seed's DataCapture step, after sign-in here (saving an email needs the session).
      if (settings.emailCapture === "off") nav.close();
      else {
        markCapturePending(session.address);
        nav.replace("DataCapture");
      }
      router.refresh();
      toast.success(`Signed in as ${shortenAddress(session.address)}`);
    } catch (err) {
      if (id !== requestId.current) return;
      track("SIWX_AUTH_ERROR", { rejected: isUserRejection(err) });
      setError(
        err instanceof ApiClientError
          ? err.message
          : isUserRejection(err)
            ? "You declined the signature request in your wallet."
            : "Something went wrong. Please try again.",
      );
      nav.shake();
    } finally {
      if (id === requestId.current) setBusy(false);
    }
  };

  // The seed's cancel when sign-in is required and no other session exists: disconnect. Usable while
  // the request is pending: × and Escape are off on this view, and a wallet that never shows the
  // request (popup blocked, phone offline over WalletConnect) would otherwise leave no way out. The
  // pending request is dropped, so a signature that arrives later signs nobody in.
  const cancel = async () => {
    cancelled.current = true;
    requestId.current++;
    setBusy(false);
    track("CLICK_CANCEL_SIWX");
    nav.close();
    await disconnect().catch(() => undefined);
  };

  return (
    <div className="space-y-4 text-sm">
      {address ? (
        <div className="flex flex-col items-center gap-2">
          <Blockie address={address} size={48} className="rounded-full" />
          <span className="font-id text-muted">{shortenAddress(address)}</span>
        </div>
      ) : null}
      <div className="text-center">
        <p className="font-semibold">Sign in to {settings.productName}</p>
        <p className="mt-1 text-muted">
          Sign a message in your wallet to prove you own this address. This request will not trigger a
          blockchain transaction or cost any fees.
        </p>
      </div>
      {smartAccount ? (
        <DoctorNote title="Smart-contract account" testId="doctor-smart-account">
          This address is a contract (a smart wallet such as Safe, or a delegated account). Its signature is
          checked on-chain through EIP-1271, or EIP-6492 if it is not deployed yet; both are supported. Some
          smart wallets ask their other owners to approve first.
        </DoctorNote>
      ) : null}
      {error ? (
        <>
          <ErrorNote title="Error signing message">{error}</ErrorNote>
          <NeedHelpLink />
        </>
      ) : null}
      <StuckRequestHint
        key={tries}
        active={busy}
        walletName={connection.connector?.name ?? "your wallet"}
        onRetry={() => void signIn()}
      >
        <p className="mt-1">If it never shows up, Cancel drops the request and disconnects your wallet.</p>
      </StuckRequestHint>
      <div className="flex gap-2">
        <SecondaryButton onClick={() => void cancel()}>Cancel</SecondaryButton>
        <PrimaryButton onClick={() => void signIn()} disabled={busy || !address} aria-busy={busy}>
          {busy ? "Authenticating..." : "Sign"}
        </PrimaryButton>
      </div>
    </div>
  );
}

/** Bytecode at the address on its chain (the doctor's smart-account notice); false while unknown. */
function useIsContract(address: `0x${string}` | undefined, chainId: number | undefined): boolean {
  const config = useConfig();
  const [contract, setContract] = useState(false);
  useEffect(() => {
    let live = true;
    setContract(false);
    if (!address || chainId === undefined) return;
    getBytecode(config, { address, chainId })
      .then((code) => live && setContract(isContractCode(code)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [config, address, chainId]);
  return contract;
}
