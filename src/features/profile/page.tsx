import { Card, PageContainer, PageHeader } from "@/ui";
import { ProfileEmailForm } from "./components/ProfileEmailForm";

/** /wallet/profile: the optional email (the wallet modal's DataCapture, editable later). */
export function ProfilePage({
  address,
  outcome,
}: {
  address: string;
  outcome: "verified" | "invalid" | null;
}) {
  return (
    <PageContainer>
      <PageHeader
        title="Profile"
        description="An optional email for campaign news and support replies. It is never shown to anyone else."
      />
      <div className="grid max-w-xl gap-6">
        {outcome === "verified" ? (
          <p
            role="status"
            className="rounded-control border border-success/50 bg-success/10 p-3 text-sm text-success"
          >
            Your email is verified.
          </p>
        ) : outcome === "invalid" ? (
          <p
            role="alert"
            className="rounded-control border border-danger/50 bg-danger/10 p-3 text-sm text-text"
          >
            This verification link is invalid or has expired. Save your email again to get a new one.
          </p>
        ) : null}
        <Card title="Email">
          <p className="mb-3 font-id text-xs break-all text-muted">Signed in as {address}</p>
          <ProfileEmailForm />
        </Card>
      </div>
    </PageContainer>
  );
}
