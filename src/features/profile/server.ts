import "server-only";

// For the route file (not from the feature index, whose components would join the client bundle of
// every page that loads the route modules, e.g. the API reference via src/server/openapi.ts).
export { profileEmailResponse, putEmailBody } from "./schema";
export { forgetUnsentToken, getProfileEmail, saveProfileEmail, verifyEmailToken } from "./server/email";
export { sendVerificationMail } from "./server/mail";
