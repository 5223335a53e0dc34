"use client";

import dynamic from "next/dynamic";
import "swagger-ui-react/swagger-ui.css";
import "./swagger-theme.css";
import { Skeleton } from "@/ui";

// Swagger UI is large: it loads only on this page, after hydration.
const SwaggerUI = dynamic(() => import("swagger-ui-react"), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full" />,
});

export function ApiReference({ url }: { url: string }) {
  return (
    <div className="aurum-swagger rounded-xl bg-[#f5f1e6] p-2 text-[#0b0b0c]">
      <SwaggerUI url={url} docExpansion="list" defaultModelsExpandDepth={-1} tryItOutEnabled={false} />
    </div>
  );
}
