/**
 * Stand-ins for what the explorer's server code reads besides the chain, as `vi.mock` modules: no
 * indexed activity, no names, no deployment, a silent logger. A unit test of that code then sees
 * only the chain client it fakes. Never imported by app code.
 */
export const noIndexer = {
  accountActivity: async () => ({ data: [], next: null }),
  currentActivityContext: () => null,
  currentWatchList: () => null,
  InvalidCursorError: class extends Error {},
  indexerPosition: async () => null,
  transactionEvents: async () => [],
};
export const noNames = { namesFor: async () => new Map() };
export const noDeployment = { currentDeployment: () => null };
export const silentLogger = { logger: { warn: () => {}, info: () => {}, error: () => {} } };
