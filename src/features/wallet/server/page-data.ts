import { LRUCache } from "lru-cache";
import QRCode from "qrcode";
import { getDb } from "@/db/client";
import { airdropDistributors } from "@/features/airdrop/server";
import type { Session } from "@/features/auth/server";
import { currentDeployment } from "@/features/tokens/server";
import { QR_STYLE } from "@/lib/qr-style";
import { config } from "@/server/config";
import type { WalletPageData } from "../components/WalletPage";
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
 * What /wallet knows of the user on the server: the page's render and the HTTP entry's page-data
 * block of its signed-in shell (scripts/lib/shell-data.ts) both read it here.
 */
export async function loadWalletPage(session: Session): Promise<WalletPageData> {
  return { address: session.address, receiveQr: await walletReceiveQr(session.address) };
}

/**
 * /wallet's Receive card: the address as a PNG data URI drawn here on the server (no image
 * service sees it), so the page ships no QR encoder to the browser; null when encoding fails (the
 * card then offers the copyable address only).
 */
export async function walletReceiveQr(address: string): Promise<string | null> {
  const hit = receiveQrCache.get(address);
  if (hit !== undefined) return hit;
  const drawn = await drawReceiveQr(address);
  if (drawn !== null) receiveQrCache.set(address, drawn);
  return drawn;
}

// Drawing and PNG-deflating the code took most of a /wallet render (docs/ARCHITECTURE.md,
// "Caching"). It is a pure function of the address, so it never goes stale; the bound keeps it
// at about RECEIVE_QR_CACHE_MAX × 3 KB.
const RECEIVE_QR_CACHE_MAX = 2_000;
const receiveQrCache = new LRUCache<string, string>({ max: RECEIVE_QR_CACHE_MAX });

async function drawReceiveQr(address: string): Promise<string | null> {
  try {
    return await QRCode.toDataURL(address, { ...QR_STYLE, margin: 1, width: 320 });
  } catch {
    return null;
  }
}
