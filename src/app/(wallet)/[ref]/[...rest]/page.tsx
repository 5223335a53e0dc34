import { notFound } from "next/navigation";

/**
 * Deeper paths under a root segment (`/a/b/c`) match no route. Catching them here (rather than in
 * the root not-found) keeps them away from [ref]/not-found.tsx, whose message is the referral one.
 */
export default function Unmatched(): never {
  notFound();
}
