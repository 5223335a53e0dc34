// Test helpers of the support feature (signed-in users, API requests), for tests only
// (docs/ARCHITECTURE.md, "Feature entries").
export { apiRequest, configureForTests, params, signedInUser, type TestUser } from "./server/testing";
