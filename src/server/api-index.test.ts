import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiRouteFiles, openApiPath } from "./api-index";
import { API_ROUTES } from "./api-routes.generated";

describe("the generated API route index", () => {
  it("lists exactly the route files under src/app/api (run `npm run gen:api-index` when this fails)", () => {
    const onDisk = apiRouteFiles(path.resolve(import.meta.dirname, "../..")).map(openApiPath);
    expect(API_ROUTES.map((r) => r.path)).toEqual(onDisk);
  });

  it("spells dynamic segments the OpenAPI way", () => {
    expect(openApiPath("api/account/[address]/balance/route.ts")).toBe("/api/account/{address}/balance");
    expect(openApiPath("api/files/[...parts]/route.ts")).toBe("/api/files/{parts}");
    expect(openApiPath("api/(group)/x/route.ts")).toBe("/api/x");
  });
});
