import { getUserByReferralCode } from "@/features/auth";
import { InviteNote } from "./InviteNote";

/**
 * The invite note with who invited you (short address) when the code belongs to a user; an unknown
 * but well-formed code still shows the note (and is stored), just without a name.
 */
export async function InviterNote({ code }: { code: string }) {
  const owner = await getUserByReferralCode(code).catch(() => null);
  const inviter = owner ? `${owner.address.slice(0, 6)}…${owner.address.slice(-4)}` : null;
  return <InviteNote code={code} inviter={inviter} />;
}
