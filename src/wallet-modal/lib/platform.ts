/** Which device the modal runs on: decides deep links versus install links (phones have no extensions). */
export type Platform = "ios" | "android" | "desktop";

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return "desktop";
}

export function currentPlatform(): Platform {
  return typeof navigator === "undefined" ? "desktop" : platformOf(navigator.userAgent);
}

export const isMobilePlatform = (p: Platform) => p !== "desktop";
