import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** A fresh, never-seen checksummed address: one participant per test, no collisions across runs. */
export const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;
