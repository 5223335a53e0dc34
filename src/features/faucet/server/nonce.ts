/**
 * The faucet account's nonces, handed out locally so a batch's transactions can be signed back to
 * back without asking the node each time. It is (re)synchronised from two sources, and the higher
 * wins: the node's `pending` transaction count, and one past the highest nonce this faucet has
 * recorded but not yet seen settled (a recorded transaction may not have reached the node yet).
 */
export class NonceManager {
  private nextNonce: number | null = null;

  sync(pendingCount: number, highestRecordedPending: number | null): void {
    const fromRecords = highestRecordedPending === null ? 0 : highestRecordedPending + 1;
    this.nextNonce = Math.max(pendingCount, fromRecords);
  }

  get synced(): boolean {
    return this.nextNonce !== null;
  }

  /** Reserves `count` consecutive nonces. */
  take(count = 1): number[] {
    if (this.nextNonce === null) throw new Error("nonce manager used before sync()");
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(this.nextNonce++);
    return out;
  }

  /** Forget the local view (after an error whose effect on the node is unknown); the next batch re-syncs. */
  invalidate(): void {
    this.nextNonce = null;
  }
}
