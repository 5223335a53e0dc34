import { describe, expect, it } from "vitest";
import { config } from "@/server/config";
import { assertCooldownOver, cooldownSentence, RenameCooldownError } from "./cooldown";

// "You can change your name again in 1 minutes." (review, names): the unit follows the count, and
// the wait is rounded UP in the largest unit that fits, so the sentence never promises too early.
describe("cooldownSentence", () => {
  const wait = (left: number) =>
    cooldownSentence(left).replace(/^You can change your name again in (.*)\.$/, "$1");

  it("counts minutes under an hour, singular at one", () => {
    expect(cooldownSentence(30)).toBe("You can change your name again in 1 minute.");
    expect(wait(1)).toBe("1 minute");
    expect(wait(60)).toBe("1 minute");
    expect(wait(61)).toBe("2 minutes");
    expect(wait(3599)).toBe("60 minutes");
  });

  it("counts hours from one hour to under a day", () => {
    expect(wait(3600)).toBe("1 hour");
    expect(wait(3601)).toBe("2 hours");
    expect(wait(86_399)).toBe("24 hours");
  });

  it("counts days from one day", () => {
    expect(wait(86_400)).toBe("1 day");
    expect(wait(86_401)).toBe("2 days");
    expect(wait(30 * 86_400)).toBe("30 days");
  });
});

describe("assertCooldownOver", () => {
  const refusal = (registeredAt: Date, now: Date) => {
    try {
      assertCooldownOver(registeredAt, now);
      return null;
    } catch (err) {
      if (err instanceof RenameCooldownError) return err;
      throw err;
    }
  };

  it("counts from the exact registration time: a fresh name waits the whole cooldown, not one unit more", () => {
    const cooldown = config().NAMES_RENAME_COOLDOWN_SECONDS;
    const registered = new Date(1_764_000_000_300); // a fractional second, as the database stores it
    const err = refusal(registered, new Date(registered.getTime() + 200));
    expect(err?.message).toBe(cooldownSentence(cooldown));
    expect(err?.headers["Retry-After"]).toBe(String(cooldown));
    expect(err?.availableAt).toBe(1_764_000_001 + cooldown);
    expect(refusal(registered, new Date(registered.getTime() + cooldown * 1000))).toBeNull();
  });
});
