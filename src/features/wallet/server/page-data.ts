import QRCode from "qrcode";
import { getDb } from "@/db/client";
import { airdropDistributors } from "@/features/airdrop/server";
import { currentDeployment } from "@/features/tokens/server";
import { config } from "@/server/config";
import type { KnownContract } from "../recipient";
import { knownContracts } from "./known-contracts";

/** /wallet: our contracts, named, for the send review's warning (empty before the deployment). */
export async function walletKnownContracts(): Promise<KnownContract[]> {
  const d = currentDeployment();
  if (!d) return [];
  const distributors = await airdropDistributors(await getDb());
  return knownContracts(d, { nativeSymbol: config().NATIVE_SYMBOL, distributors });
}

/**
 * /wallet's Receive card: the address as a PNG data URI drawn here on the server (no image
 * service sees it), so the page ships no QR encoder to the browser; null when encoding fails (the
 * card then offers the copyable address only).
 */
export async function walletReceiveQr(address: string): Promise<string | null> {
  try {
    return await QRCode.toDataURL(address, {
      margin: 1,
      width: 320,
      errorCorrectionLevel: "M",
      color: { dark: "#0b0b0c", light: "#f5f1e6" },
    });
  } catch {
    return null;
  }
}
