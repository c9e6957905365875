// Deciding on CastVote / EnterProxyVote: which vote it belongs to, and whether the ballot is acceptable.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { MINUTE, SECOND } from "./clock.ts";
import type { Instant, Refusal, Seat } from "./contract.ts";
import { offeredCodes } from "./score/ledger.ts";
import type { RoundState, VoteState } from "./state.ts";
import { rulesOf } from "./state.ts";
import { hasVoteRight } from "./vote-close.ts";

export interface BallotCommand {
  at: Instant;
  voter: Seat;
  targets: Seat[];
  codes?: (string | null)[];
  round?: number;
  proxy: boolean;
}

/** The vote a ballot goes to: the named round's, else the earliest vote still open (an overtime before the next day). */
function openVote(b: Batch, round: number | undefined): { r: RoundState; v: VoteState } | Refusal {
  const rounds = b.state.rounds.filter((r): r is RoundState => r !== undefined);
  if (round !== undefined) {
    const r = b.state.rounds[round];
    if (!r)
      return { code: "vote.no-such-round", message: `round ${round} has not opened`, details: { round } };
    if (!r.vote) {
      return r.voteOpened
        ? { code: "vote.after-deadline", message: `round ${round}'s vote has closed`, details: { round } }
        : {
            code: "vote.not-open",
            message: `round ${round}'s vote opens when its posts are out`,
            details: { round },
          };
    }
    return { r, v: r.vote };
  }
  const open = rounds.find((r) => r.vote !== null);
  if (open?.vote) return { r: open, v: open.vote };
  const last = rounds[rounds.length - 1];
  if (last && !last.voteOpened && rounds.some((r) => r.voteOpened)) {
    // RULINGS 6: past the deadline (and before the next vote opens) a ballot is late.
    return { code: "vote.after-deadline", message: "no vote is open: the last vote has closed", details: {} };
  }
  return { code: "vote.not-open", message: "no vote is open", details: {} };
}

/**
 * Code guesses (score rule): "未有杀刺出帖前，投票楼不提供代号供投选。有一个杀刺出帖后，勺子会在票楼里提供所有有分值的黑道代号供投选…
 * 死亡黑道的代号将从代号选项里去掉。" A vote without a guess stays valid ("未选代号的投票，不影响出票的有效性").
 */
function checkCodes(b: Batch, cmd: BallotCommand): Refusal | null {
  const given = (cmd.codes ?? []).filter((c): c is string => c !== null);
  if (given.length === 0) return null;
  if ((cmd.codes?.length ?? 0) > cmd.targets.length) {
    return { code: "vote.too-many-codes", message: "one code guess per vote at most" };
  }
  const offered = offeredCodes(b.state);
  if (offered === null) {
    return {
      code: "vote.codes-not-offered",
      message: "no codes are offered before the first black kill post",
    };
  }
  const bad = given.find((c) => !offered.includes(c));
  if (bad !== undefined) {
    return {
      code: "vote.code-not-offered",
      message: "the guess must be a code of a living black scored seat",
      details: { code: bad },
    };
  }
  return null;
}

export function decideBallot(b: Batch, cmd: BallotCommand): Refusal | null {
  const rules = rulesOf(b.state);
  const found = openVote(b, cmd.round);
  if ("code" in found) return found;
  const { r, v } = found;
  if (cmd.at >= v.closesAt) {
    return {
      code: "vote.after-deadline",
      message: "received after the deadline",
      details: { round: r.round },
    };
  }
  const voter = b.state.seats[cmd.voter];
  if (!voter)
    return { code: "vote.unknown-seat", message: `no seat ${cmd.voter}`, details: { seat: cmd.voter } };
  if (!hasVoteRight(b.state, r, cmd.voter)) {
    return voter.alive
      ? { code: "vote.no-vote-right", message: "this seat has no vote this round" }
      : { code: "vote.voter-out", message: "an out player has no vote", details: { seat: cmd.voter } };
  }
  const perVoter =
    v.stage === "overtime" ? Math.max(1, Math.min(r.plan.votesPerVoter, v.slots)) : r.plan.votesPerVoter;
  if (cmd.targets.length > perVoter) {
    return {
      code: "vote.too-many-targets",
      message: `this vote grants ${perVoter} vote(s) per voter`,
      details: { allowed: perVoter, got: cmd.targets.length },
    };
  }
  // 7kill's duel: "此时的投票对象只能为高票对决的双方，且不允许弃权。"
  if (
    cmd.targets.length === 0 &&
    v.stage === "overtime" &&
    rules.vote.duel &&
    !rules.vote.duel.abstainAllowed
  ) {
    return { code: "vote.abstain-not-allowed", message: "the duel's vote must name one of the two" };
  }
  if (cmd.targets.length === 0 && (cmd.proxy || !rules.vote.abstainAllowed)) {
    return cmd.proxy
      ? { code: "proxy.no-target", message: "a proxy vote must name a player (RULINGS 12)" }
      : { code: "vote.empty", message: "this rule set does not allow an empty ballot" };
  }
  for (const t of cmd.targets) {
    const target = b.state.seats[t];
    if (!target) return { code: "vote.unknown-seat", message: `no seat ${t}`, details: { seat: t } };
    if (!target.alive)
      return { code: "vote.target-dead", message: "votes go to living players", details: { seat: t } };
    if (v.candidates && !v.candidates.includes(t)) {
      return {
        code: "vote.not-a-candidate",
        message: "overtime votes go to the tied players only",
        details: { seat: t },
      };
    }
  }
  const codeRefusal = checkCodes(b, cmd);
  if (codeRefusal) return codeRefusal;
  const deadline = v.closesAt - SECOND;
  if (cmd.proxy && v.stage === "regular") {
    // RULINGS 12: "晚20：40之后不接受托票" — refused after the cut-off.
    const cutoff = deadline - rules.vote.proxy.cutoffMinutes * MINUTE;
    if (cmd.at >= cutoff + SECOND) {
      return {
        code: "proxy.after-cutoff",
        message: "proxy votes close before the deadline",
        details: { cutoff },
      };
    }
  }
  const earlier = v.casts.byVoter[cmd.voter] ?? 0;
  if (earlier > 0) {
    const { max, freezeMinutes } = rules.vote.changes;
    if (max !== null && earlier > max) {
      return { code: "vote.no-more-changes", message: `at most ${max} change(s)`, details: { max } };
    }
    if (freezeMinutes > 0 && cmd.at >= deadline - freezeMinutes * MINUTE) {
      return {
        code: "vote.change-frozen",
        message: `no changes in the last ${freezeMinutes} minutes`,
        details: {},
      };
    }
  }
  emit(b, {
    type: "VoteCast",
    at: cmd.at,
    round: r.round,
    stage: v.stage,
    voter: cmd.voter,
    targets: cmd.targets,
    ...(cmd.codes ? { codes: cmd.codes } : {}),
    proxy: cmd.proxy,
  });
  return null;
}
