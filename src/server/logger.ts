import pino from "pino";

/** One JSON logger for the process; the level comes from LOG_LEVEL (read directly so logging works before config). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { app: "aurum-portal" },
  redact: { paths: ["*.privateKey", "*.signature", "*.cookie", "req.headers.cookie"], remove: true },
});
