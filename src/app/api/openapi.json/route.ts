import { openApiDocument } from "@/server/openapi";
import { route } from "@/server/route";

/** The OpenAPI 3.1 document of every API route, generated from the route layer's schemas. */
export const GET = route(
  { summary: "This API's OpenAPI 3.1 document", cache: "public, max-age=300" },
  async () => openApiDocument(),
);
