"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { useConfig, useConnection, useDisconnect, useSignMessage } from "wagmi";
import { getBytecode } from "wagmi/actions";
import { track } from "@/lib/analytics";
import { ApiClientError, apiErrorMessage } from "@/lib/api-client";
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

/** The seed's messages (catalogue §8): no message to sign could be made / the signing failed. */
const INIT_FAILED = "A problem occurred while trying initialize authentication";
const SIGN_FAILED = "Error signing message";

/** Sign-In With Ethereum: one personal_sign of an EIP-4361 message, verified by our server. */
export function SIWXSignMessageView() {
  const { settings, setSessionAddress, store } = useWalletContext();
  const connection = useConnection();
  const { mutateAsync: signMessage } = useSignMessage();
  const { mutateAsync: disconnect } = useDisconnect();
  const router = useRouter();
  const nav = useNav();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [initFailure, setInitFailure] = useState(false);
  const address = connection.address;
  const smartAccount = useIsContract(address, connection.chainId);
  // Cancel starts a new run and voids every request of the old one. "Ask again" does not: the
  // wallet may show both prompts, and the one the user approves (often the first) must sign in,
  // so the first signature of a run wins and the other answers are ignored.
  const run = useRef(0);
  const latest = useRef(0);
  const accepted = useRef(false);
  const nonceFetches = useRef(new Set<AbortController>());
  const [tries, setTries] = useState(0);

  useEffect(() => {
    const fetches = nonceFetches.current;
    return () => {
      for (const f of fetches) f.abort();
    };
  }, []);

  const signFailed = (err: unknown) => {
    track("SIWX_AUTH_ERROR", { rejected: isUserRejection(err) });
    setError(
      err instanceof ApiClientError
        ? err.message
        : isUserRejection(err)
          ? "You declined the signature request in your wallet."
          : "Something went wrong. Please try again.",
    );
    setBusy(false);
    nav.shake();
  };

  const signIn = async () => {
    if (!address || connection.chainId === undefined) return;
    const chainId = connection.chainId;
    const runId = run.current;
    const id = ++latest.current;
    const live = () => runId === run.current && !accepted.current;
    setTries((t) => t + 1);
    setBusy(true);
    setError(null);
    setInitFailure(false);

    const nonceFetch = new AbortController();
    nonceFetches.current.add(nonceFetch);
    let nonce: string;
    try {
      nonce = await fetchNonce(nonceFetch.signal);
    } catch (err) {
      if (nonceFetch.signal.aborted || !live() || id !== latest.current) return;
      await initFailed(err, runId);
      return;
    } finally {
      nonceFetches.current.delete(nonceFetch);
    }
    // Cancelled meanwhile (no prompt after the user left), or "Ask again" started a newer attempt
    // while this nonce was on its way: that one sends the request.
    if (!live() || id !== latest.current) return;

    const message = buildSiweMessage({
      address,
      chainId,
      nonce,
      productName: settings.productName,
      host: window.location.host,
      origin: window.location.origin,
    });
    let signature: string;
    try {
      // wagmi's signMessage is personal_sign (EIP-191); eth_sign is never used.
      signature = await signMessage({ message, account: address, connector: connection.connector });
    } catch (err) {
      // An older prompt that ends says nothing while a newer one is still open.
      if (live() && id === latest.current) signFailed(err);
      return;
    }
    if (!live()) return;
    accepted.current = true;
    try {
      // Its own message: each prompt carried its own nonce.
      const session = await verifySignature(message, signature);
      if (runId !== run.current) {
        // Cancelled while the server checked the signature: the user chose to leave, so the session
        // the server just opened must not outlive the disconnect.
        await logout().catch(() => undefined);
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
      if (runId !== run.current) return;
      accepted.current = false;
      signFailed(err);
    }
  };

  // The seed's init failure (§4): no nonce, so no message to sign. Error event, disconnect, back to
  // Connect with the error shown there (this view leaves with the wallet).
  const initFailed = async (err: unknown, runId: number) => {
    const detail = apiErrorMessage(err, "Something went wrong. Please try again.");
    track("SIWX_AUTH_ERROR", { stage: "init" });
    setError(detail);
    setInitFailure(true);
    setBusy(false);
    nav.shake();
    await disconnect().catch(() => undefined);
    if (runId !== run.current) return;
    store.navigate({
      type: "reset",
      entry: { view: "Connect", data: { notice: { title: INIT_FAILED, detail } } },
    });
  };

  // The seed's cancel when sign-in is required and no other session exists: disconnect. Usable while
  // the request is pending: × and Escape are off on this view, and a wallet that never shows the
  // request (popup blocked, phone offline over WalletConnect) would otherwise leave no way out. The
  // pending requests are dropped (a nonce still on its way is aborted), so a signature that arrives
  // later signs nobody in.
  const cancel = async () => {
    run.current++;
    accepted.current = false;
    for (const f of nonceFetches.current) f.abort();
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
          <ErrorNote title={initFailure ? INIT_FAILED : SIGN_FAILED}>{error}</ErrorNote>
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
