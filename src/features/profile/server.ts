import "server-only";

export { getProfileEmail, saveProfileEmail, verifyEmailToken } from "./server/email";
export { sendVerificationMail } from "./server/mail";
