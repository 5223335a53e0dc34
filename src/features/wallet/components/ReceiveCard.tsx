import { Card } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";

/**
 * The signed-in address with a copy button and its QR code. The QR code is drawn on the server
 * (server/page-data.ts, no image service), so no QR encoder ships with the page.
 */
export function ReceiveCard({
  address,
  networkName,
  qr,
}: {
  address: string;
  networkName: string;
  /** PNG data URI of the address, or null when it could not be drawn. */
  qr: string | null;
}) {
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
          <p className="text-sm text-muted" role="status">
            The QR code could not be drawn: copy the address below instead.
          </p>
        )}
        <div className="flex w-full items-center gap-2 rounded-control border border-border bg-bg p-2">
          <span className="min-w-0 flex-1 break-all font-id text-xs text-text" data-testid="receive-address">
            {address}
          </span>
          <CopyButton value={address} label="address" />
        </div>
      </div>
    </Card>
  );
}
