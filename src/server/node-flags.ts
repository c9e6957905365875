// The V8 flags the server runs with: `npm start` passes them, and bench/vote-rush.ts runs under the same ones.
//
// A larger young generation: in a vote rush every request in flight (its request and reply objects, promises,
// the batch waiting for its commit) is alive at each young-generation collection and is copied, so collections
// cost roughly what is in flight, however often they run. With room for 64 MiB between collections they ran
// under a third as often (200 → 58 in a 10 s rush), and in bench/vote-rush.ts the votes-to-ceiling ratio rose by
// 0.05 to 0.12 in alternating runs (docs/deploy.md § Performance). V8 grows the space only under a high
// allocation rate, so a quiet server does not use it.
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=64"];

/**
 * Every node flag npm start passes before the bundled server (dist/server/main.mjs): the V8 flags, and source maps
 * so that a stack trace in the log names the TypeScript source line rather than the bundle's.
 */
export const SERVER_START_FLAGS: readonly string[] = [...SERVER_NODE_FLAGS, "--enable-source-maps"];
