import { type Address, type Hex, maxUint256, parseEther, parseEventLogs } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { disperseAbi, disperseBytecode, testTokenAbi, testTokenBytecode } from "../../src/chain/generated";
import {
  blocklistTokenAbi,
  blocklistTokenBytecode,
  hostileReceiverAbi,
  hostileReceiverBytecode,
  refundRejecterAbi,
  refundRejecterBytecode,
} from "../../src/chain/generated/mocks";
import { type Chainish, expectRevert, startChain } from "./lib/harness";

let c: Chainish;
let disperse: Address;
let hostile: Address[]; // reverts, burns all gas, return-bombs
let snap: Hex;
const addr = (i: number) => c.accounts[i]!.address;
const native = (who: Address) => c.pub.getBalance({ address: who });

beforeAll(async () => {
  c = await startChain();
  disperse = await c.deploy(disperseAbi, disperseBytecode);
  hostile = [];
  for (const mode of [0, 1, 2])
    hostile.push(await c.deploy(hostileReceiverAbi, hostileReceiverBytecode, [mode]));
});
afterAll(() => c?.stop());
beforeEach(async () => {
  snap = await c.snapshot();
});
afterEach(async () => {
  await c.revert(snap);
});

describe("Disperse native", () => {
  it("pays every recipient in one transaction", async () => {
    const to = [addr(5), addr(6), addr(7)];
    const values = [1n, parseEther("1"), parseEther("2.5")];
    const before = await Promise.all(to.map(native));
    const r = await c.write(disperse, disperseAbi, "disperseNative", [to, values], {
      value: values.reduce((a, b) => a + b),
    });
    const after = await Promise.all(to.map(native));
    expect(after.map((b, i) => b - before[i]!)).toEqual(values);
    const [done] = parseEventLogs({ abi: disperseAbi, logs: r.logs, eventName: "Dispersed" });
    expect(done?.args.failed).toBe(0n);
    expect(await native(disperse)).toBe(0n);
  });

  it("a reverting, gas-burning or return-bombing recipient fails alone; its coin is refunded to the sender", async () => {
    const to = [addr(5), hostile[0]!, addr(6), hostile[1]!, addr(7), hostile[2]!];
    const values = [10n, 20n, 30n, 40n, 50n, 60n];
    const total = values.reduce((a, b) => a + b);
    const sender0 = await native(addr(0));
    const good0 = await Promise.all([5, 6, 7].map((i) => native(addr(i))));
    const r = await c.write(disperse, disperseAbi, "disperseNative", [to, values], { value: total });
    const good1 = await Promise.all([5, 6, 7].map((i) => native(addr(i))));
    expect(good1.map((b, i) => b - good0[i]!)).toEqual([10n, 30n, 50n]);
    for (const h of hostile) expect(await native(h)).toBe(0n);
    // The sender is out only what was actually delivered (plus gas).
    expect(sender0 - (await native(addr(0))) - r.gasUsed * r.effectiveGasPrice).toBe(90n);
    expect(await native(disperse)).toBe(0n);
    const failed = parseEventLogs({ abi: disperseAbi, logs: r.logs, eventName: "PaymentFailed" });
    expect(failed.map((l) => [l.args.recipient, l.args.amount])).toEqual([
      [hostile[0], 20n],
      [hostile[1], 40n],
      [hostile[2], 60n],
    ]);
    const [done] = parseEventLogs({ abi: disperseAbi, logs: r.logs, eventName: "Dispersed" });
    expect([done?.args.paid, done?.args.failed]).toEqual([90n, 120n]);
    // Each hostile recipient can burn at most the fixed stipend.
    expect(r.gasUsed).toBeLessThan(400_000n);
  });

  it("reverts the whole batch when the sender itself refuses the refund", async () => {
    const sender = await c.deploy(refundRejecterAbi, refundRejecterBytecode);
    await expectRevert(
      c.write(sender, refundRejecterAbi, "send", [disperse, [addr(5), hostile[0]!], [1n, 2n]], { value: 3n }),
      "RefundFailed",
    );
    const before = await native(addr(5));
    await c.write(sender, refundRejecterAbi, "send", [disperse, [addr(5)], [1n]], { value: 1n });
    expect((await native(addr(5))) - before).toBe(1n);
  });

  it("requires msg.value to equal the sum and the arrays to match", async () => {
    await expectRevert(
      c.write(
        disperse,
        disperseAbi,
        "disperseNative",
        [
          [addr(5), addr(6)],
          [1n, 2n],
        ],
        { value: 4n },
      ),
      "ValueMismatch",
    );
    await expectRevert(
      c.write(
        disperse,
        disperseAbi,
        "disperseNative",
        [
          [addr(5), addr(6)],
          [1n, 2n],
        ],
        { value: 2n },
      ),
      "ValueMismatch",
    );
    await expectRevert(
      c.write(disperse, disperseAbi, "disperseNative", [[addr(5)], [1n, 2n]], { value: 3n }),
      "LengthMismatch",
    );
  });
});

describe("Disperse token", () => {
  it("pays every recipient from the sender's allowance", async () => {
    const token = await c.deploy(testTokenAbi, testTokenBytecode, ["T", "T", 6, addr(0)]);
    await c.write(token, testTokenAbi, "mint", [addr(0), 1000n]);
    await c.write(token, testTokenAbi, "approve", [disperse, maxUint256]);
    await c.write(disperse, disperseAbi, "disperseToken", [token, [addr(5), addr(6)], [100n, 200n]]);
    expect(await c.read(token, testTokenAbi, "balanceOf", [addr(6)])).toBe(200n);
    expect(await c.read(token, testTokenAbi, "balanceOf", [addr(0)])).toBe(700n);
    await expectRevert(
      c.write(disperse, disperseAbi, "disperseToken", [token, [addr(5)], []]),
      "LengthMismatch",
    );
  });

  it("a transfer the token refuses fails alone; those tokens never leave the sender", async () => {
    const token = await c.deploy(blocklistTokenAbi, blocklistTokenBytecode);
    await c.write(token, blocklistTokenAbi, "setBlocked", [addr(6), true]);
    await c.write(token, testTokenAbi, "approve", [disperse, maxUint256]);
    const start = await c.read<bigint>(token, testTokenAbi, "balanceOf", [addr(0)]);
    const r = await c.write(disperse, disperseAbi, "disperseToken", [
      token,
      [addr(5), addr(6), addr(7)],
      [1n, 2n, 3n],
    ]);
    expect(await c.read(token, testTokenAbi, "balanceOf", [addr(5)])).toBe(1n);
    expect(await c.read(token, testTokenAbi, "balanceOf", [addr(6)])).toBe(0n);
    expect(await c.read(token, testTokenAbi, "balanceOf", [addr(7)])).toBe(3n);
    expect(start - (await c.read<bigint>(token, testTokenAbi, "balanceOf", [addr(0)]))).toBe(4n);
    const failed = parseEventLogs({ abi: disperseAbi, logs: r.logs, eventName: "PaymentFailed" });
    expect(failed.map((l) => [l.args.token, l.args.recipient, l.args.amount])).toEqual([
      [token, addr(6), 2n],
    ]);
    expect(await c.read(token, testTokenAbi, "balanceOf", [disperse])).toBe(0n);
  });
});
