import type { Metadata } from "next";
import { TasksScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Tasks" };

export default async function AdminTasksPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader
        title="Tasks"
        description="Create, schedule, edit and disable the tasks participants earn points with."
      />
      <TasksScreen />
    </>
  );
}
