import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { TasksBoard } from "@/features/tasks";
import { loadTaskCatalogue, loadTasksPage } from "@/features/tasks/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Tasks" };
export const dynamic = "force-dynamic";

export default async function TasksPage() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session: the tasks as
  // everyone sees them with skeletons for the user's state; the HTTP entry adds the visitor's data
  // (the same loadTasksPage) per answer.
  const shell = await isSignedInShellRender();
  return (
    <PageContainer>
      <PageHeader
        title="Tasks"
        description="Complete campaign tasks on the testnet, verify them here and earn points."
      />
      {shell ? (
        <TasksBoard fromDocument catalogue={await loadTaskCatalogue()} />
      ) : (
        <TasksBoard initial={await loadTasksPage(await requirePageSession(ROUTES.task.path))} />
      )}
    </PageContainer>
  );
}
