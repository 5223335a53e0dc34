import { publicTasks, publicTasksResponse } from "@/features/integrations/server";
import { route } from "@/server/route";

/** Public: the tasks with ids, titles, types and points (docs/integrations.md). */
export const GET = route(
  {
    summary: "List the campaign's tasks for quest platforms",
    response: publicTasksResponse,
    cache: "public, max-age=60",
    rateLimit: { name: "public-tasks", by: "ip", limit: 120, windowSeconds: 60 },
  },
  async ({ db }) => ({ tasks: await publicTasks(db) }),
);
