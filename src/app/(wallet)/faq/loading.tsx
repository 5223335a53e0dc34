import { FaqSkeleton } from "@/features/faq/components";

export default function Loading() {
  return <FaqSkeleton />;
}
