// The score rule (分值规则, seed 000 【分值计算】): attribution, scored seats, totals, early end and the results-post lines.
export type { Attribution, CodeGuess, Death, Force, ForceResult, Reason, Side } from "./attribution.ts";
export { attribute, forceFor, REASON_ZH } from "./attribution.ts";
export type { Outlook } from "./early-end.ts";
export { outlook } from "./early-end.ts";
export type { ScoreEnding } from "./end.ts";
export { scoreEndingAfterRound, scoreEndingNow } from "./end.ts";
export type { Fraction } from "./fraction.ts";
export { frac, show, toFixed2, toNumber } from "./fraction.ts";
export type { DeathScore } from "./ledger.ts";
export { activatedSeats, deathScores, isScoredRole, offeredCodes, postCodes } from "./ledger.ts";
export type { ScorePostInput, ScoreValue } from "./results.ts";
export { renderScoreLines } from "./results.ts";
export type { CampScore, HouseScore, Immunities, ScoreReport } from "./totals.ts";
export { campSizes, roundTotals, scoreReport, survivalValue } from "./totals.ts";
