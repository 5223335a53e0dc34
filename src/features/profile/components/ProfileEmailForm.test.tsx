// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileEmail } from "../schema";
import { ProfileEmailForm } from "./ProfileEmailForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved: ProfileEmail = {
  email: "ada@example.org",
  verified: true,
  verificationSent: false,
  mailEnabled: false,
  capture: "optional",
};

/** GET /api/profile/email: down until `up()`, then the saved email. */
function stubProfile() {
  let down = true;
  const fn = vi.fn(async () =>
    down
      ? Response.json({ error: { code: "UNAVAILABLE", message: "Service unavailable" } }, { status: 503 })
      : Response.json(saved),
  );
  vi.stubGlobal("fetch", fn);
  return { fn, up: () => (down = false) };
}

describe("ProfileEmailForm when the saved email cannot be read", () => {
  // In the wallet modal's required email step the error text alone was a dead end: no retry and,
  // with the form gone, none of the step's buttons.
  it("offers Try again, which reads it again and shows the form", async () => {
    const api = stubProfile();
    const onLoadFailed = vi.fn();
    render(<ProfileEmailForm onLoadFailed={onLoadFailed} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Service unavailable");
    expect(onLoadFailed).toHaveBeenLastCalledWith(true);

    api.up();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    const input = (await screen.findByTestId("profile-email-input")) as HTMLInputElement;
    expect(input.value).toBe("ada@example.org");
    // The Try again button is gone: the focus is on the field, not lost.
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(onLoadFailed).toHaveBeenLastCalledWith(false);
    expect(api.fn).toHaveBeenCalledTimes(2);
  });

  it("says it is trying while the second read runs, and keeps the caller's actions usable", async () => {
    let answer: () => void = () => {};
    const fn = vi
      .fn()
      .mockResolvedValueOnce(
        Response.json({ error: { code: "UNAVAILABLE", message: "Service unavailable" } }, { status: 503 }),
      )
      .mockImplementationOnce(
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(Response.json({ error: { message: "Still down" } }, { status: 503 }));
          }),
      );
    vi.stubGlobal("fetch", fn);
    const skip = vi.fn();
    render(
      <ProfileEmailForm
        actions={
          <button type="button" onClick={skip}>
            Skip
          </button>
        }
      />,
    );
    await screen.findByRole("alert");
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(skip).toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    const busy = await screen.findByRole("button", { name: "Trying again…" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    // Still failing: back to Try again, with the new reason.
    answer();
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Still down"));
  });
});

// Review: after a reload the page said "this portal does not send mail" even with SMTP set and a
// link just mailed (GET always answered verificationSent: false). Each case now reads as it is.
describe("ProfileEmailForm's line under the field", () => {
  const hintFor = async (state: Partial<ProfileEmail>) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ ...saved, ...state })),
    );
    render(<ProfileEmailForm />);
    await screen.findByTestId("profile-email-input");
    const text = document.body.textContent ?? "";
    cleanup();
    return text;
  };

  it("a mailed link still waiting: check your inbox, save again for a new one", async () => {
    const text = await hintFor({ verified: false, verificationSent: true, mailEnabled: true });
    expect(text).toContain(
      "We sent a link to ada@example.org — check your inbox. Save again to get a new link.",
    );
    expect(text).not.toContain("does not send mail");
  });

  it("the portal mails but no link is waiting (expired or refused): save again", async () => {
    const text = await hintFor({ verified: false, verificationSent: false, mailEnabled: true });
    expect(text).toContain("Not verified yet: no link is waiting");
    expect(text).toContain("Save again to get a new link.");
    expect(text).not.toContain("does not send mail");
  });

  it("without SMTP: says the portal does not send mail", async () => {
    const text = await hintFor({ verified: false, verificationSent: false, mailEnabled: false });
    expect(text).toContain("Not verified: this portal does not send mail");
  });

  it("verified, and nothing saved", async () => {
    expect(await hintFor({ verified: true, mailEnabled: true })).toContain("Verified.");
    expect(await hintFor({ email: null, verified: false })).toContain("No email saved yet.");
  });

  it("after a save that mailed a link, says so at once", async () => {
    const fn = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ ...saved, email: null, verified: false, mailEnabled: true }))
      .mockResolvedValueOnce(
        Response.json({
          ...saved,
          email: "bob@example.org",
          verified: false,
          verificationSent: true,
          mailEnabled: true,
        }),
      );
    vi.stubGlobal("fetch", fn);
    render(<ProfileEmailForm />);
    const input = await screen.findByTestId("profile-email-input");
    fireEvent.change(input, { target: { value: "bob@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/We sent a link to bob@example\.org/)).toBeTruthy();
  });
});
