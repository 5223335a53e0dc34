"use client";

import { useCallback, useEffect } from "react";
import { toast } from "react-toastify";
import { ProfileEmailForm } from "@/features/profile";
import { useModalState, useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { SecondaryButton } from "../modal/ui";
import { clearCapturePending } from "../state/capture";

/**
 * The seed's DataCapture, after sign-in when EMAIL_CAPTURE is `optional` or `required`: the email,
 * prefilled when known. Optional: Skip. Required: the modal stays until an email is saved, unless
 * the saved email cannot be read (then "Later" and ×, beside "Try again").
 */
export function DataCaptureView() {
  const { settings, store } = useWalletContext();
  const nav = useNav();
  const required = settings.emailCapture === "required";
  // Required, but the server cannot even say which email is saved: a step that cannot be left
  // would hold the whole page (WalletModal allows closing it then).
  const unavailable = useModalState((s) => s.history.at(-1)?.data?.emailUnavailable === true);
  const onLoadFailed = useCallback(
    (failed: boolean) => {
      if (store.getState().history.at(-1)?.view !== "DataCapture") return;
      store.navigate({
        type: "replace",
        entry: { view: "DataCapture", data: failed ? { emailUnavailable: true } : undefined },
      });
    },
    [store],
  );
  // Saved, skipped or closed: the step is done (a page load does not unmount, so it stays pending).
  useEffect(() => clearCapturePending, []);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        {required
          ? `${settings.productName} needs an email to reach you about the campaign.`
          : `Add an email to hear about the campaign (optional). You can change it later under Wallet → Profile.`}
        {required && unavailable
          ? " You can close this for now and add it later under Wallet → Profile."
          : ""}
      </p>
      <ProfileEmailForm
        submitLabel="Save email"
        onLoadFailed={onLoadFailed}
        onSaved={(saved) => {
          nav.close();
          toast.success(
            saved.verified
              ? "Email saved"
              : saved.verificationSent
                ? "Email saved: check your inbox for the verification link"
                : "Email saved (unverified)",
          );
        }}
        actions={
          !required || unavailable ? (
            <SecondaryButton onClick={() => nav.close()} className="flex-1">
              {required ? "Later" : "Skip"}
            </SecondaryButton>
          ) : null
        }
      />
    </div>
  );
}
