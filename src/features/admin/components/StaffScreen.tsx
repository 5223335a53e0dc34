"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Field, Input, Skeleton } from "@/ui";
import { adminApi, when } from "./api";
import { ErrorText, Select, Table, td, Who } from "./ui";

type Staff = {
  address: string;
  name: string | null;
  role: string;
  source: string;
  grantedBy: string | null;
  grantedAt: string | null;
};

export function StaffScreen({ me }: { me: string }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["admin", "staff"],
    queryFn: () => adminApi<{ staff: Staff[] }>("/api/admin/staff"),
  });
  const [address, setAddress] = useState("");
  const [role, setRole] = useState("moderator");
  const grant = useMutation({
    mutationFn: () =>
      adminApi("/api/admin/staff", { method: "POST", body: { address: address.trim(), role } }),
    onSuccess: () => {
      setAddress("");
      void qc.invalidateQueries({ queryKey: ["admin", "staff"] });
    },
  });
  const revoke = useMutation({
    mutationFn: (a: string) => adminApi(`/api/admin/staff/${a}`, { method: "DELETE" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["admin", "staff"] }),
  });
  return (
    <div className="flex flex-col gap-6">
      <Card title="Grant a role">
        <form
          className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            grant.mutate();
          }}
        >
          <Field label="Address">
            {({ id }) => (
              <Input
                id={id}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="0x…"
                className="font-id"
              />
            )}
          </Field>
          <Field label="Role">
            {({ id }) => (
              <Select id={id} value={role} onChange={(e) => setRole(e.target.value)}>
                <option value="moderator">moderator</option>
                <option value="admin">admin</option>
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={!/^0x[0-9a-fA-F]{40}$/.test(address.trim()) || grant.isPending}>
            Grant
          </Button>
        </form>
        <p className="mt-2 text-xs text-muted">
          Moderators answer tickets and look up participants; admins can do everything, including this.
        </p>
        <ErrorText error={grant.error ?? revoke.error} />
      </Card>
      {!q.data ? (
        q.error ? (
          <ErrorText error={q.error} />
        ) : (
          <Skeleton className="h-32 w-full" label="Loading staff" />
        )
      ) : (
        <Table caption="Staff" head={["Operator", "Role", "Granted", ""]}>
          {q.data.staff.map((s) => (
            <tr key={`${s.source}-${s.address}-${s.role}`}>
              <td className={td}>
                <Who address={s.address} name={s.name} full />
              </td>
              <td className={td}>{s.role}</td>
              <td className={td}>
                {s.source === "environment"
                  ? "environment (cannot be revoked here)"
                  : `${when(s.grantedAt)} by ${s.grantedBy}`}
              </td>
              <td className={td}>
                {s.source === "console" && s.address !== me.toLowerCase() ? (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(s.address)}
                    aria-label={`Revoke ${s.address}`}
                  >
                    Revoke
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
