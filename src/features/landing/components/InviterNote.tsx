import { getUserByReferralCode } from "@/features/auth/server";
import { shortenAddress } from "@/lib/address";
import { InviteNote, UnknownInviteNote } from "./InviteNote";

/**
 * The invite note with who invited you (short address). A well-formed code nobody owns says so and
 * stores nothing; when the lookup itself fails the note shows without a name and the visit route
 * decides.
 */
export async function InviterNote({ code }: { code: string }) {
  const lookup = await getUserByReferralCode(code).then(
    (owner) => ({ ok: true as const, owner }),
    () => ({ ok: false as const, owner: null }),
  );
  if (lookup.ok && !lookup.owner) return <UnknownInviteNote code={code} />;
  return <InviteNote code={code} inviter={lookup.owner ? shortenAddress(lookup.owner.address) : null} />;
}
