"use client";

import { useState } from "react";
import { Card } from "@/ui";
import { buttonClasses } from "@/ui/Button";
import { daysAgo } from "./api";
import { DateRangeForm } from "./ui";

const EXPORTS = [
  {
    kind: "participants",
    title: "Participants",
    what: "address, referral code, referrer, points, join date — who joined in the range",
  },
  { kind: "ledger", title: "Points ledger", what: "every credit and adjustment in the range" },
  { kind: "completions", title: "Task completions", what: "task credits in the range" },
  {
    kind: "allocations",
    title: "Airdrop allocations",
    what: "the airdrop's allocation table (once the airdrop is set up)",
  },
  { kind: "audit", title: "Audit log", what: "every operator action in the range" },
] as const;

export function ExportsScreen() {
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(daysAgo(0));
  return (
    <div className="flex flex-col gap-6">
      <DateRangeForm from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <div className="grid gap-4 md:grid-cols-2">
        {EXPORTS.map((e) => (
          <Card key={e.kind} title={e.title}>
            <p className="mb-4 text-sm text-muted">{e.what}.</p>
            <a
              className={buttonClasses("secondary")}
              href={`/api/admin/exports/${e.kind}.csv?from=${from}&to=${to}`}
              download
            >
              Download {e.title.toLowerCase()} CSV
            </a>
          </Card>
        ))}
      </div>
    </div>
  );
}
