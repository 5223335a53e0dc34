import { FaqSkeleton } from "@/features/faq";

export default function Loading() {
  return <FaqSkeleton />;
}
