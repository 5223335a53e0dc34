/** localStorage when the page may use it; undefined on the server or when blocked (private mode). */
export function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
