"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Card, Skeleton } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";

/** The signed-in address with a copy button and a QR code drawn in the browser (no image service). */
export function ReceiveCard({ address, networkName }: { address: string; networkName: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, {
      margin: 1,
      width: 320,
      errorCorrectionLevel: "M",
      color: { dark: "#0b0b0c", light: "#f5f1e6" },
    })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <Card title="Receive">
      <p className="mb-4 text-sm text-muted">Send only {networkName} coins and tokens to this address.</p>
      <div className="flex flex-col items-center gap-4">
        {qr ? (
          // biome-ignore lint/performance/noImgElement: a generated data URI
          <img
            src={qr}
            alt={`QR code of the address ${address}`}
            width={192}
            height={192}
            className="size-48 rounded-control"
            data-testid="receive-qr"
          />
        ) : (
          <Skeleton className="size-48" label="Drawing the QR code" />
        )}
        <div className="flex w-full items-center gap-2 rounded-control border border-border bg-bg p-2">
          <span
            className="min-w-0 flex-1 break-all font-mono text-xs text-text"
            data-testid="receive-address"
          >
            {address}
          </span>
          <CopyButton value={address} label="address" />
        </div>
      </div>
    </Card>
  );
}
