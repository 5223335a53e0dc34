import type { MetadataRoute } from "next";
import { CRAWL_ALLOW, CRAWL_DISALLOW } from "@/lib/routes";

/** Crawlers may read the public pages; the signed-in areas and the API are of no use to them (src/lib/routes.ts). */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: "*", allow: CRAWL_ALLOW, disallow: CRAWL_DISALLOW } };
}
