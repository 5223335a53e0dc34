import { z } from "zod";
import { config } from "@/server/config";
import { route } from "@/server/route";
import { listWallets, PAGE_SIZE, SEARCH_LIMIT } from "@/wallet-modal/registry/list";

const ids = z
  .string()
  .max(2000)
  .regex(/^[a-z0-9-]*(,[a-z0-9-]+)*$/, "comma-separated wallet ids")
  .transform((s) => s.split(",").filter(Boolean));

const query = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  entries: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(PAGE_SIZE),
  search: z.string().max(64).optional(),
  include: ids.optional(),
  exclude: ids.optional(),
});

const listing = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  mobile_link: z.string().nullable(),
  desktop_link: z.string().nullable(),
  webapp_link: z.string().nullable(),
  /** The wallet's WalletConnect deep link per phone platform (`{uri}` encoded, `{raw_uri}` as is); null: none. */
  walletconnect_link: z.object({ ios: z.string().nullable(), android: z.string().nullable() }).nullable(),
  rdns: z.string().nullable(),
  chains: z.array(z.string()),
  install: z.object({
    chrome: z.string().nullable(),
    firefox: z.string().nullable(),
    edge: z.string().nullable(),
    ios: z.string().nullable(),
    android: z.string().nullable(),
    homepage: z.string().nullable(),
  }),
  monogram: z.boolean(),
  featured: z.number().nullable(),
});

/** The wallet registry in the seed's getWallets shape (docs/api.md, "Wallets"). Static data: cacheable. */
export const GET = route(
  {
    session: "none",
    query,
    cache: "public, max-age=300",
    summary: "List wallets of the built-in registry (paged, searchable)",
    response: z.object({ count: z.number().int(), data: z.array(listing) }),
  },
  ({ query: q }) => listWallets({ ...q, excluded: config().WALLET_EXCLUDE }),
);
