import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * `deployments/<chainId>.json`, written by scripts/deploy.ts and read by the app and outside tools.
 * Keys are fixed identifiers (they keep the "WAURUM" spelling even when NATIVE_SYMBOL differs), so
 * tools never have to know the brand to find a contract.
 */

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte hex address")
  .transform((a) => a as `0x${string}`);
const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "a 0x-prefixed 32-byte transaction hash")
  .transform((h) => h as `0x${string}`);

export const deployedContractSchema = z.object({
  address,
  block: z.number().int().nonnegative(),
  tx: txHash,
});

export const CONTRACT_KEYS = [
  "wrappedNative",
  "tUSD",
  "tETH",
  "factory",
  "router",
  "disperse",
  "stakingWAURUM",
  "stakingLP",
] as const;
export type ContractKey = (typeof CONTRACT_KEYS)[number];

export const PAIR_KEYS = ["WAURUM/tUSD", "WAURUM/tETH", "tETH/tUSD"] as const;
export type PairKey = (typeof PAIR_KEYS)[number];

export const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  deployedAt: z.iso.datetime(),
  deployer: address,
  contracts: z.object({
    wrappedNative: deployedContractSchema,
    tUSD: deployedContractSchema,
    tETH: deployedContractSchema,
    factory: deployedContractSchema,
    router: deployedContractSchema,
    disperse: deployedContractSchema,
    stakingWAURUM: deployedContractSchema,
    stakingLP: deployedContractSchema,
  }),
  pairs: z.object({
    "WAURUM/tUSD": address,
    "WAURUM/tETH": address,
    "tETH/tUSD": address,
  }),
});

export type Deployment = z.infer<typeof deploymentSchema>;

export class DeploymentError extends Error {
  override name = "DeploymentError";
}

/** Where the deployment file of `chainId` lives (default directory: env DEPLOYMENTS_DIR or ./deployments). */
export function deploymentPath(chainId: number, dir?: string): string {
  return path.resolve(dir ?? process.env.DEPLOYMENTS_DIR ?? "deployments", `${chainId}.json`);
}

/** Validates parsed JSON; throws a DeploymentError naming the first bad field. */
export function parseDeployment(json: unknown, source = "deployment"): Deployment {
  const parsed = deploymentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(root)";
    throw new DeploymentError(`${source} is invalid at ${where}: ${issue?.message ?? "unknown problem"}`);
  }
  return parsed.data;
}

/** The deployment of `chainId`, or null when the file does not exist. Throws if it exists but is invalid. */
export function tryLoadDeployment(chainId: number, dir?: string): Deployment | null {
  const file = deploymentPath(chainId, dir);
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new DeploymentError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const deployment = parseDeployment(json, file);
  if (deployment.chainId !== chainId) {
    throw new DeploymentError(`${file} is for chain ${deployment.chainId}, expected ${chainId}`);
  }
  return deployment;
}

/** The deployment of `chainId`; throws a DeploymentError telling how to create it when it is missing. */
export function loadDeployment(chainId: number, dir?: string): Deployment {
  const deployment = tryLoadDeployment(chainId, dir);
  if (!deployment) {
    throw new DeploymentError(
      `no contracts deployed for chain ${chainId}: ${deploymentPath(chainId, dir)} is missing (run \`npm run deploy\`)`,
    );
  }
  return deployment;
}
