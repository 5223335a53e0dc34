import { SupportSkeleton } from "@/features/support";

// In the (home) group so it does not wrap /support/tickets/[id], which must answer a real 404 for
// another user's ticket (a streamed loading shell would already have sent 200).
export default function Loading() {
  return <SupportSkeleton />;
}
