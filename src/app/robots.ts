import type { MetadataRoute } from "next";
import { PROTECTED_ROUTES } from "@/features/auth/protected-routes";

/** Crawlers may read the public pages; the signed-in areas and the API are of no use to them. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: ["/", "/connect", "/explorer"],
      disallow: ["/api/", ...PROTECTED_ROUTES],
    },
  };
}
