// @vitest-environment happy-dom
// The round form: each error tied to the field it is about, no silent defaults, one draft per submit.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCalls, renderWithWallet, stubApi } from "../../../../test/render";
import { CreateRoundForm } from "./CreateRoundForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CreateRoundForm", () => {
  it("marks a bad tier multiplier invalid and links its message with aria-describedby", async () => {
    const api = stubApi({});
    await renderWithWallet(<CreateRoundForm tiers={["Silver", "Gold"]} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Season 1" } });
    fireEvent.change(screen.getByLabelText("Total amount (base units)"), { target: { value: "1000" } });
    const gold = screen.getByLabelText("Gold");
    fireEvent.change(gold, { target: { value: "250" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    const alert = await screen.findByText("a multiplier of at most 100");
    expect(api).not.toHaveBeenCalled();
    // The message used to sit under the fieldset with no id; the Gold input was neither invalid nor
    // described by it, so a screen reader on that field never heard why the form was refused.
    expect(gold.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (gold.getAttribute("aria-describedby") ?? "").split(" ");
    expect(alert.id !== "" && describedBy.includes(alert.id)).toBe(true);
  });

  it("refuses an empty minimum instead of creating the round with 0", async () => {
    const api = stubApi({});
    await renderWithWallet(<CreateRoundForm tiers={[]} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Season 1" } });
    fireEvent.change(screen.getByLabelText("Total amount (base units)"), { target: { value: "1000" } });
    const min = screen.getByLabelText("Minimum points");
    fireEvent.change(min, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    await screen.findByText(/Enter the minimum points/);
    expect(min.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(min, { target: { value: "1.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    await screen.findByText("A whole number of points, 0 or more");
    expect(api).not.toHaveBeenCalled();
  });

  it("starts over after a draft is created, so a second click does not create the same one", async () => {
    const api = stubApi({
      "/api/admin/airdrop/rounds": () => ({ status: 201, body: { id: "r1", name: "Season 1" } }),
    });
    await renderWithWallet(<CreateRoundForm tiers={["Gold"]} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Season 1" } });
    fireEvent.change(screen.getByLabelText("Total amount (base units)"), { target: { value: "1000" } });
    fireEvent.change(screen.getByLabelText("Gold"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    await screen.findByText(/Draft "Season 1" created/);
    expect(apiCalls(api).filter(([, init]) => init?.method === "POST")).toHaveLength(1);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Total amount (base units)") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Gold") as HTMLInputElement).value).toBe("");
    // A second click now finds an empty form: refused, nothing sent.
    fireEvent.click(screen.getByRole("button", { name: "Create draft" }));
    await screen.findByText("Enter a name");
    expect(apiCalls(api).filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });
});
