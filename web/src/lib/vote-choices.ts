// Small decisions of the 投票机: whom a 托票 may name, whether a ballot leaves votes unused, its standing code guesses.
import type { MyVoteView, SeatNo } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";

/**
 * A 托票's possible targets, labelled as the ballot's buttons are (seat number and alias: aliases like 云中鹤1…4 are
 * told apart by number). The voter is left out: nobody hands the referee a vote against themselves.
 */
export function proxyTargets(
  seats: readonly { seat: SeatNo; alias: string; alive: boolean }[],
  mySeat: SeatNo | null,
): { seat: SeatNo; label: string }[] {
  return seats
    .filter((s) => s.alive && s.seat !== mySeat)
    .map((s) => ({ seat: s.seat, label: `${m.app.seat(s.seat)} ${s.alias}` }));
}

/**
 * A gentle note when a ballot names fewer seats than the voter has votes. Legal (seed 002: 「若当轮投票为一票以上的，
 * 只投一票者或两票同投一人者，不算自杀，以第一票计算」), but a voter who meant to cast both should know one is unused.
 * Null for a full ballot and for an abstention (弃权 is its own choice).
 */
export function unusedVotesNote(perVoter: number, targets: readonly SeatNo[]): string | null {
  if (targets.length === 0 || targets.length >= perVoter) return null;
  return m.vote.fewerVotes(perVoter, targets.length);
}

/**
 * The code boxes of a ballot form, filled from the standing ballot's guesses (score rule): left empty they would send
 * null on a 改票 and silently drop a guess that may decide a point (风云 audit).
 */
export function standingCodes(myVote: Pick<MyVoteView, "targets" | "codes"> | null): Record<number, string> {
  return Object.fromEntries(
    (myVote?.targets ?? []).flatMap((t, i) => {
      const code = myVote?.codes?.[i];
      return code ? [[t, code]] : [];
    }),
  );
}

/**
 * Whether the ballot as picked is the standing one (same seats in any order, same code guesses, not a 托票): the
 * server refuses it (vote.unchanged) rather than store it again, since a re-sent vote would lose its time (先到先出,
 * 领票人) and, under a change limit, spend a change.
 */
export function sameAsStanding(
  myVote: MyVoteView | null,
  picked: readonly SeatNo[],
  codes: Readonly<Record<number, string>>,
): boolean {
  if (!myVote || myVote.proxy || myVote.targets.length !== picked.length) return false;
  const key = (seat: SeatNo, code: string | null | undefined) => `${seat}:${code ?? ""}`;
  const standing = myVote.targets.map((t, i) => key(t, myVote.codes?.[i])).sort();
  const now = picked.map((s) => key(s, codes[s]?.trim() || null)).sort();
  return standing.every((k, i) => k === now[i]);
}
