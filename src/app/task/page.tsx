import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  await requirePageSession("/task");
  return <ComingSoon title="Tasks" description="Complete campaign tasks to earn points." />;
}
