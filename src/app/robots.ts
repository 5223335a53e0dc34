import type { MetadataRoute } from "next";

/** Crawlers may read the public pages; the signed-in areas and the API are of no use to them. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: ["/", "/connect", "/explorer"],
      disallow: [
        "/api/",
        "/faq",
        "/news",
        "/swap",
        "/task",
        "/stake",
        "/wallet",
        "/airdrop",
        "/friends",
        "/rewards",
        "/support",
        "/testnet",
      ],
    },
  };
}
