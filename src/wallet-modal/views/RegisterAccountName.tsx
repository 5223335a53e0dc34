"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useConnection, useSignMessage } from "wagmi";
import {
  checkName,
  fetchNameMessage,
  fetchNameSuggestions,
  NAME_ERRORS,
  nameErrorDetails,
  registerAccountName,
  stripZone,
} from "@/features/names";
import { ApiClientError } from "@/lib/api-client";
import { useWalletContext } from "../context";
import { isUserRejection } from "../lib/user-rejection";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton, SecondaryButton } from "../modal/ui";

/** Availability is asked once typing pauses this long (the seed's "suggestions as you type"). */
const DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The seed's RegisterAccountName: type a name, see whether it is free (or free alternatives), sign
 * one personal_sign message, and the server registers it. On error the view stays, with the message.
 */
export function RegisterAccountNameView() {
  const { settings, store, sessionAddress, setProfileName } = useWalletContext();
  const zone = settings.namesZone;
  const connection = useConnection();
  const { mutateAsync: signMessage } = useSignMessage();
  const queryClient = useQueryClient();
  const router = useRouter();
  const nav = useNav();
  const inputId = useId();
  const [input, setInput] = useState(() => store.getState().history.at(-1)?.data?.name ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ title: string; message: string; suggestions: string[] } | null>(null);

  const label = stripZone(input, zone);
  const check = checkName(label);
  const debounced = useDebounced(check.ok ? check.name : null, DEBOUNCE_MS);
  const settled = check.ok && debounced === check.name;
  const availability = useQuery({
    queryKey: ["names", "suggestions", debounced],
    queryFn: ({ signal }) => fetchNameSuggestions(debounced ?? "", signal),
    enabled: debounced !== null,
    staleTime: 5_000,
    retry: false,
  });
  const status = settled ? availability : null;

  const walletAddress = connection.address;
  const walletMatches =
    walletAddress !== undefined &&
    sessionAddress !== null &&
    walletAddress.toLowerCase() === sessionAddress.toLowerCase();
  // docs/api.md "GET /api/profile/suggestions": inside the rename cooldown the wallet is not asked
  // to sign a registration the server would refuse; the view says when a rename is possible.
  const renameAt = status?.data?.rename_available_at ?? null;
  const renameWait = renameAt !== null && renameAt * 1000 > Date.now() ? new Date(renameAt * 1000) : null;
  const canRegister =
    check.ok && status?.data?.available === true && renameWait === null && walletMatches && !busy;

  const register = async () => {
    if (!check.ok || !walletAddress) return;
    const full = `${check.name}.${zone}`;
    setBusy(true);
    setError(null);
    try {
      const m = await fetchNameMessage(check.name, walletAddress);
      // personal_sign (EIP-191) of the exact text the server issued; never eth_sign.
      const signature = await signMessage({
        message: m.message,
        account: walletAddress,
        connector: connection.connector,
      });
      const { record } = await registerAccountName(full, {
        coin_type: m.coin_type,
        address: walletAddress,
        message: m.message,
        signature,
      });
      setProfileName(record.name);
      await queryClient.invalidateQueries({ queryKey: ["names"] });
      await queryClient.invalidateQueries({ queryKey: ["leaderboard"] });
      router.refresh();
      nav.replace("RegisterAccountNameSuccess", { name: record.name });
    } catch (err) {
      setError({
        title: NAME_ERRORS.register(full),
        message:
          err instanceof ApiClientError
            ? err.message
            : isUserRejection(err)
              ? "You declined the signature request in your wallet."
              : "Something went wrong. Please try again.",
        suggestions: nameErrorDetails(err).suggestions,
      });
      nav.shake();
    } finally {
      setBusy(false);
    }
  };

  const suggestions = error?.suggestions.length ? error.suggestions : (status?.data?.suggestions ?? []);
  const hintId = `${inputId}-hint`;

  return (
    <div className="space-y-4 text-sm">
      <p className="text-muted">
        Pick a name people see instead of your address on the leaderboard, in friends lists and in the
        explorer. Letters, digits and hyphens, at least 4 characters.
      </p>
      <div>
        <label htmlFor={inputId} className="mb-1.5 block font-medium">
          Name
        </label>
        <div className="flex h-10 items-center rounded-control border border-border bg-bg focus-within:border-gold focus-within:ring-2 focus-within:ring-gold/60">
          <input
            id={inputId}
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && canRegister) void register();
            }}
            maxLength={80}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the view exists to type this one field
            autoFocus
            aria-invalid={(input !== "" && !check.ok) || undefined}
            aria-describedby={hintId}
            data-testid="name-input"
            placeholder="alice"
            // The focus ring is drawn around the whole field (input and zone suffix), not the input alone.
            className="h-full min-w-0 flex-1 bg-transparent px-3 text-text placeholder:text-muted focus-visible:outline-none!"
          />
          <span className="shrink-0 pr-3 text-muted">.{zone}</span>
        </div>
        <p id={hintId} aria-live="polite" className="mt-1.5 min-h-5" data-testid="name-status">
          {input === "" ? null : !check.ok ? (
            <span className="text-danger">{check.message}</span>
          ) : !settled || status?.isPending ? (
            <span className="text-muted">
              Checking {check.name}.{zone}…
            </span>
          ) : status?.isError ? (
            <span className="text-danger">
              {status.error instanceof ApiClientError ? status.error.message : NAME_ERRORS.suggestions}
            </span>
          ) : status?.data?.available ? (
            <span className="text-success">{status.data.name} is available.</span>
          ) : (
            <span className="text-danger">{status?.data?.reason}</span>
          )}
        </p>
      </div>

      {renameWait && status?.data?.available ? (
        <p className="text-muted" data-testid="name-cooldown">
          You can change your name again on{" "}
          {renameWait.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}.
        </p>
      ) : null}

      {suggestions.length > 0 ? (
        <div>
          <p className="mb-1.5 text-muted">Free alternatives</p>
          <ul className="flex flex-wrap gap-2" data-testid="name-suggestions">
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => {
                    setInput(stripZone(s, zone));
                    setError(null);
                  }}
                  className="rounded-control border border-border bg-raised px-2.5 py-1 hover:border-gold"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {error ? <ErrorNote title={error.title}>{error.message}</ErrorNote> : null}
      {!walletMatches ? (
        <ErrorNote title="Wallet not connected">
          Connect the wallet you signed in with to sign the registration.
        </ErrorNote>
      ) : null}

      <div className="flex gap-2">
        <SecondaryButton onClick={() => nav.goBack()} disabled={busy}>
          Cancel
        </SecondaryButton>
        {walletMatches ? (
          <PrimaryButton onClick={() => void register()} disabled={!canRegister} aria-busy={busy}>
            {busy ? "Sign in your wallet…" : "Register"}
          </PrimaryButton>
        ) : (
          <PrimaryButton onClick={() => nav.push("Connect")}>Connect wallet</PrimaryButton>
        )}
      </div>
      <p className="text-center text-xs text-muted">
        Registering asks your wallet for one signature. It is free and sends no transaction.
      </p>
    </div>
  );
}
