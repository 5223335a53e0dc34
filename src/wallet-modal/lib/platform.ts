/** Which device the modal runs on: decides deep links versus install links (phones have no extensions). */
export type Platform = "ios" | "android" | "desktop";

/**
 * `maxTouchPoints`: iPadOS Safari (13+) sends a desktop Mac user agent by default; only the touch
 * screen tells it from a Mac (whose trackpad reports 0), and an iPad has no browser extensions.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return "desktop";
}

export function currentPlatform(): Platform {
  return typeof navigator === "undefined"
    ? "desktop"
    : platformOf(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

export const isMobilePlatform = (p: Platform) => p !== "desktop";
