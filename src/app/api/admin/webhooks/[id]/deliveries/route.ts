import { z } from "zod";
import { deliveryListResponse, listDeliveries } from "@/features/integrations/server";
import { route } from "@/server/route";

export const GET = route(
  {
    summary: "The delivery log of a webhook endpoint",
    roles: ["admin"],
    params: z.object({ id: z.uuid() }),
    response: deliveryListResponse,
  },
  async ({ db, params }) => ({ deliveries: await listDeliveries(db, params.id) }),
);
