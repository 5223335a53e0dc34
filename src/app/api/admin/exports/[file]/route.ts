import { z } from "zod";
import { EXPORT_KINDS, type ExportKind, exportCsv, rangeQuery } from "@/features/admin/server";
import { route } from "@/server/route";

const file = z
  .string()
  .regex(
    new RegExp(`^(${EXPORT_KINDS.join("|")})\\.csv$`),
    `one of ${EXPORT_KINDS.map((k) => `${k}.csv`).join(", ")}`,
  )
  .transform((f) => f.replace(/\.csv$/, "") as ExportKind);

export const GET = route(
  {
    roles: ["admin"],
    params: z.object({ file }),
    responseType: "text/csv",
    query: rangeQuery,
    summary: "Streamed CSV of participants, ledger, completions, allocations or audit over from..to",
  },
  async ({ db, params, query }) => {
    const stream = await exportCsv(db, params.file, query);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    // `to` is exclusive (a bare `to` day is the next midnight): the name shows the last day included.
    const lastDay = new Date(query.to.getTime() - 1);
    return new Response(stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${params.file}-${day(query.from)}-${day(lastDay)}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
);
