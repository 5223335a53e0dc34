import { SupportSkeleton } from "@/features/support/components";

export default function Loading() {
  return <SupportSkeleton />;
}
