import { describe, expect, it } from "vitest";
import { platformOf } from "./platform";

const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

describe("platformOf", () => {
  it("tells phones by their user agent", () => {
    expect(platformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15")).toBe(
      "ios",
    );
    expect(platformOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0")).toBe(
      "android",
    );
  });

  it("an iPad sending the Mac user agent (iPadOS default) is iOS by its touch screen; a Mac stays desktop", () => {
    expect(platformOf(MAC_SAFARI, 5)).toBe("ios");
    expect(platformOf(MAC_SAFARI, 0)).toBe("desktop");
    expect(platformOf(MAC_SAFARI)).toBe("desktop");
  });

  it("a touch-screen Windows laptop is still a desktop", () => {
    expect(platformOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0", 10)).toBe("desktop");
  });
});
