"use client";

import { useEffect } from "react";
import { toast } from "react-toastify";
import { ProfileEmailForm } from "@/features/profile";
import { useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { SecondaryButton } from "../modal/ui";
import { clearCapturePending } from "../state/capture";

/**
 * The seed's DataCapture, after sign-in when EMAIL_CAPTURE is `optional` or `required`: the email,
 * prefilled when known. Optional: Skip. Required: the modal stays until an email is saved.
 */
export function DataCaptureView() {
  const { settings } = useWalletContext();
  const nav = useNav();
  const required = settings.emailCapture === "required";
  // Saved, skipped or closed: the step is done (a page load does not unmount, so it stays pending).
  useEffect(() => clearCapturePending, []);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        {required
          ? `${settings.productName} needs an email to reach you about the campaign.`
          : `Add an email to hear about the campaign (optional). You can change it later under Wallet → Profile.`}
      </p>
      <ProfileEmailForm
        submitLabel="Save email"
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
          required ? null : (
            <SecondaryButton onClick={() => nav.close()} className="flex-1">
              Skip
            </SecondaryButton>
          )
        }
      />
    </div>
  );
}
