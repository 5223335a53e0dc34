// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import { SwapWidget } from "./SwapWidget";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const submit = () => screen.getByTestId("swap-submit") as HTMLButtonElement;
const toggle = () => fireEvent.click(screen.getByTestId("swap-settings-toggle"));

describe("swap settings closed with an invalid value", () => {
  it("reopening the panel still shows the invalid slippage that blocks the swap", async () => {
    stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    toggle();
    const input = await screen.findByTestId("slippage-input", {}, { timeout: 3000 });
    fireEvent.change(input, { target: { value: "60" } });
    expect(submit().textContent).toBe("Fix the swap settings");
    toggle(); // close
    toggle(); // reopen
    const again = (await screen.findByTestId("slippage-input", {}, { timeout: 3000 })) as HTMLInputElement;
    // The swap is still blocked by the invalid slippage…
    expect(submit().textContent).toBe("Fix the swap settings");
    // …so the panel must show what to fix (observed: empty custom field, 1 % preset pressed, no error).
    expect(again.value).toBe("60");
    expect(again.getAttribute("aria-invalid")).toBe("true");
  });

  it("reopening the panel still shows the invalid deadline that blocks the swap", async () => {
    stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    toggle();
    await screen.findByTestId("slippage-input", {}, { timeout: 3000 });
    const deadline = () => screen.getByRole("textbox", { name: /Transaction deadline/ }) as HTMLInputElement;
    fireEvent.change(deadline(), { target: { value: "0" } });
    expect(submit().textContent).toBe("Fix the swap settings");
    toggle();
    toggle();
    await screen.findByTestId("slippage-input", {}, { timeout: 3000 });
    expect(submit().textContent).toBe("Fix the swap settings");
    expect(deadline().value).toBe("0");
    expect(deadline().getAttribute("aria-invalid")).toBe("true");
  });

  it("the deadline error is linked to its input with aria-describedby", async () => {
    stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    toggle();
    await screen.findByTestId("slippage-input", {}, { timeout: 3000 });
    const deadline = screen.getByRole("textbox", { name: /Transaction deadline/ }) as HTMLInputElement;
    fireEvent.change(deadline, { target: { value: "0" } });
    expect(deadline.getAttribute("aria-invalid")).toBe("true");
    const describedBy = deadline.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy as string)?.textContent).toBe("Enter 1 to 4320 minutes");
  });
});
