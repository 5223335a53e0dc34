import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { TasksBoard } from "@/features/tasks";
import { loadTasksPage } from "@/features/tasks/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Tasks" };
export const dynamic = "force-dynamic";

export default async function TasksPage() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session: the board's
  // skeletons; the HTTP entry adds the visitor's data (the same loadTasksPage) per answer.
  const shell = await isSignedInShellRender();
  return (
    <PageContainer>
      <PageHeader
        title="Tasks"
        description="Complete campaign tasks on the testnet, verify them here and earn points."
      />
      {shell ? (
        <TasksBoard fromDocument />
      ) : (
        <TasksBoard initial={await loadTasksPage(await requirePageSession(ROUTES.task.path))} />
      )}
    </PageContainer>
  );
}
