"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "react-toastify";
import { useConnection, useDisconnect, useSignMessage } from "wagmi";
import { ApiClientError } from "@/lib/api-client";
import { Blockie } from "../components/Blockie";
import { useWalletContext } from "../context";
import { fetchNonce, verifySignature } from "../lib/auth-api";
import { shortenAddress } from "../lib/format";
import { buildSiweMessage } from "../lib/siwe";
import { isUserRejection } from "../lib/switch-chain";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton, SecondaryButton } from "../modal/ui";

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

  const signIn = async () => {
    if (!address || connection.chainId === undefined) return;
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
      const session = await verifySignature(message, signature);
      setSessionAddress(session.address);
      nav.close();
      router.refresh();
      toast.success(`Signed in as ${shortenAddress(session.address)}`);
    } catch (err) {
      setError(
        err instanceof ApiClientError
          ? err.message
          : isUserRejection(err)
            ? "You declined the signature request in your wallet."
            : "Something went wrong. Please try again.",
      );
      nav.shake();
    } finally {
      setBusy(false);
    }
  };

  // The seed's cancel when sign-in is required and no other session exists: disconnect.
  const cancel = async () => {
    nav.close();
    await disconnect().catch(() => undefined);
  };

  return (
    <div className="space-y-4 text-sm">
      {address ? (
        <div className="flex flex-col items-center gap-2">
          <Blockie address={address} size={48} className="rounded-full" />
          <span className="font-mono text-muted">{shortenAddress(address)}</span>
        </div>
      ) : null}
      <div className="text-center">
        <p className="font-semibold">Sign in to {settings.productName}</p>
        <p className="mt-1 text-muted">
          Sign a message in your wallet to prove you own this address. This request will not trigger a
          blockchain transaction or cost any fees.
        </p>
      </div>
      {error ? <ErrorNote title="Error signing message">{error}</ErrorNote> : null}
      <div className="flex gap-2">
        <SecondaryButton onClick={() => void cancel()} disabled={busy}>
          Cancel
        </SecondaryButton>
        <PrimaryButton onClick={() => void signIn()} disabled={busy || !address} aria-busy={busy}>
          {busy ? "Authenticating..." : "Sign"}
        </PrimaryButton>
      </div>
    </div>
  );
}
