// The vote machine's (投票机) public API: tally a vote, break a final tie, check a cast, list who has not voted.
export type { CountedTarget } from "./ballot.ts";
export { countedTargets } from "./ballot.ts";
export type { CastCode, CastContext, CastViolation } from "./check-cast.ts";
export {
  changeFreezeFrom,
  checkCast,
  lastAccepted,
  nonVoters,
  proxyCutoff,
  proxyPublishBy,
} from "./check-cast.ts";
export { meetsThreshold, tally } from "./tally.ts";
export type { AfterTie, TieBreak } from "./tie-break.ts";
export { afterTie, resolveTie } from "./tie-break.ts";
export type * from "./types.ts";
