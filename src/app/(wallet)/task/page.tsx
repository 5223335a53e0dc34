import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { loadPointsSummary } from "@/features/points/server";
import { TasksBoard } from "@/features/tasks";
import { loadTasks } from "@/features/tasks/server";
import { ROUTES } from "@/lib/routes";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Tasks" };
export const dynamic = "force-dynamic";

export default async function TasksPage() {
  const session = await requirePageSession(ROUTES.task.path);
  const [tasks, points] = await Promise.all([loadTasks(session), loadPointsSummary(session.userId)]);
  return (
    <PageContainer>
      <PageHeader
        title="Tasks"
        description="Complete campaign tasks on the testnet, verify them here and earn points."
      />
      <TasksBoard initialTasks={{ tasks }} initialPoints={points} />
    </PageContainer>
  );
}
