// Server-side API of the swap feature (route handlers only).
export * from "./service";
