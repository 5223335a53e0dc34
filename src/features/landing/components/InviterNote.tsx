import { getUserByReferralCode } from "@/features/auth/server";
import { shortenAddress } from "@/lib/address";
import { InviteNote } from "./InviteNote";

/**
 * The invite note with who invited you (short address) when the code belongs to a user; an unknown
 * but well-formed code still shows the note (and is stored), just without a name.
 */
export async function InviterNote({ code }: { code: string }) {
  const owner = await getUserByReferralCode(code).catch(() => null);
  const inviter = owner ? shortenAddress(owner.address) : null;
  return <InviteNote code={code} inviter={inviter} />;
}
