// Validation of one incoming cast against its vote (RULINGS.md 6–9, 12; seed 001 changes, duel and proxies), and who has not voted.
import type { VoteSettings } from "../../rules/schema.ts";
import type { Seat, VoteCast, VoteKind } from "./types.ts";

const MINUTE = 60_000;

/** Which kind of vote a thread's stage is: 7kill's duel runs as the round's second (overtime) stage. */
export function voteKind(settings: VoteSettings, stage: "regular" | "overtime"): VoteKind {
  if (stage === "regular") return "regular";
  return settings.duel !== null ? "duel" : "overtime";
}

/** Whether a vote of this kind takes an empty ballot (弃权): the duel has its own setting. */
export function abstainAllowed(settings: VoteSettings, kind: VoteKind): boolean {
  return kind === "duel" ? (settings.duel?.abstainAllowed ?? false) : settings.abstainAllowed;
}

/** Everything `checkCast` needs to know about the vote a cast is for. Times are epoch ms. */
export interface CastContext {
  settings: VoteSettings;
  kind: VoteKind;
  votesPerVoter: number;
  /** The deadline instant as published (21:00:00.000); receipts within that second still count (RULINGS.md 6). */
  deadline: number;
  /** When this vote opened (an overtime: its post); casts received earlier are refused. Absent or null: no lower bound. */
  opensAt?: number | null;
  /** An overtime's: the day's stated deadline it opened at, for its 托票 refusal (the day's cut-off has passed). */
  dayDeadline?: number | null;
  /** Living seats: who may vote and who may be voted for. */
  alive: ReadonlySet<Seat>;
  /** Seats post-killed this round that keep a vote (半票, RULINGS.md 10); they may vote although out, when settings.halfVotes. */
  halfVoters: ReadonlySet<Seat>;
  /** Seats without a vote this vote, alive or not (a failed IOU's poster: "出帖者出局当轮无票权"). */
  noVote: ReadonlySet<Seat>;
  /** Overtime and duel: the tied seats, the only valid targets. Null: every living seat. */
  candidates: readonly Seat[] | null;
  /** The code names offered (score rule): undefined = codes not checked; null = none offered yet, so any code is refused. */
  codeChoices?: readonly string[] | null;
  /** 两府制: the seats of the house this vote thread belongs to; targets outside it are refused. Absent: one thread. */
  house?: { house: number; seats: ReadonlySet<Seat> } | null;
  /** The casts of this vote accepted so far, any voter, in receipt order. */
  previous: readonly VoteCast[];
  /** How many casts of this vote are the voter's, when the caller keeps that count (the engine's cast log); `previous` may then be empty. */
  castsBy?: (voter: Seat) => number;
}

export type CastCode =
  | "vote.not-open"
  | "vote.after-deadline"
  | "vote.no-vote-right"
  | "vote.voter-out"
  | "proxy.after-cutoff"
  | "proxy.too-late-to-publish"
  | "vote.too-many-targets"
  | "proxy.no-target"
  | "vote.abstain-not-allowed"
  | "vote.target-dead"
  | "vote.target-other-house"
  | "vote.not-a-candidate"
  | "vote.too-many-codes"
  | "vote.codes-not-offered"
  | "vote.code-not-offered"
  | "vote.no-more-changes"
  | "vote.change-frozen";

/** A refused cast: a stable code, an English message for logs, and the numbers a UI needs for its Chinese text. */
export interface CastViolation {
  code: CastCode;
  message: string;
  details: Record<string, string | number | boolean | null>;
}

/** The last receipt time that still counts: the end of the deadline's second (21:00:00.999 counts, 21:00:01.000 does not). */
export function lastAccepted(deadline: number): number {
  return deadline + 999;
}

/** From this instant on a proxy vote is refused (风云 20:40, 空军 "20：45起不再接受托票" for a 21:00 deadline). */
export function proxyCutoff(settings: VoteSettings, deadline: number): number {
  return deadline - settings.proxy.cutoffMinutes * MINUTE;
}

/** A proxy entered (and so published) later than this is void (seed 001); null when the rule set has no such rule. */
export function proxyPublishBy(settings: VoteSettings, deadline: number): number | null {
  const m = settings.proxy.publishMinutes;
  return m === null ? null : deadline - m * MINUTE;
}

/** From this instant on a change is refused (seed 001 "白天结束前1个小时不得改票"); null when there is no freeze. */
export function changeFreezeFrom(settings: VoteSettings, deadline: number): number | null {
  const m = settings.changes.freezeMinutes;
  return m === 0 ? null : deadline - m * MINUTE;
}

function violation(code: CastCode, message: string, details: CastViolation["details"]): CastViolation {
  return { code, message, details };
}

/**
 * Checks one incoming cast; null when it is accepted. Pure, total. Checks run in this order and the first failure is
 * returned: timing (not open, after the deadline), the voter's right, proxy timing, the ballot's shape, its targets, its
 * codes, then the change rules. A proxy cast counts as the voter's vote or change like any other.
 */
export function checkCast(ctx: CastContext, cast: VoteCast): CastViolation | null {
  const { settings, deadline } = ctx;
  const receivedAt = cast.at;

  if (ctx.opensAt != null && receivedAt < ctx.opensAt) {
    return violation("vote.not-open", "the vote is not open yet", { opensAt: ctx.opensAt, receivedAt });
  }
  if (receivedAt > lastAccepted(deadline)) {
    return violation("vote.after-deadline", "received after the vote deadline", {
      deadline,
      lastAccepted: lastAccepted(deadline),
      receivedAt,
    });
  }

  const voter = cast.voter;
  if (ctx.noVote.has(voter)) {
    return violation("vote.no-vote-right", "this seat has no vote in this vote", { voter });
  }
  if (!ctx.alive.has(voter) && !(settings.halfVotes && ctx.halfVoters.has(voter))) {
    return violation("vote.voter-out", "an out player has no vote", { voter, seat: voter });
  }

  // An overtime opens at the day's deadline, past the day's cut-off (seed 000 「晚20：40之后不接受托票」, seed 002
  // 「20:45分后不接受任何形式的托票」), so it takes none; ctx.deadline is the overtime's own. 7kill's duel times its
  // 代投 by its own deadline, like any of its votes.
  if (cast.proxy && ctx.kind === "overtime") {
    const dayDeadline = ctx.dayDeadline ?? deadline;
    return violation("proxy.after-cutoff", "proxy votes are no longer accepted", {
      cutoff: proxyCutoff(settings, dayDeadline),
      deadline: dayDeadline,
      receivedAt,
    });
  }
  if (cast.proxy) {
    const cutoff = proxyCutoff(settings, deadline);
    if (receivedAt >= cutoff) {
      return violation("proxy.after-cutoff", "proxy votes are no longer accepted", {
        cutoff,
        deadline,
        receivedAt,
      });
    }
    const publishBy = proxyPublishBy(settings, deadline);
    if (publishBy !== null && receivedAt > publishBy) {
      return violation("proxy.too-late-to-publish", "a proxy vote published this late is void", {
        publishBy,
        deadline,
        receivedAt,
      });
    }
  }

  if (cast.targets.length > ctx.votesPerVoter) {
    return violation("vote.too-many-targets", "more targets than votes", {
      got: cast.targets.length,
      allowed: ctx.votesPerVoter,
    });
  }
  // RULINGS 12: a proxy vote names one target ("naming one target").
  if (cast.proxy && cast.targets.length === 0) {
    return violation("proxy.no-target", "a proxy vote must name a player", { voter });
  }
  if (cast.targets.length === 0) {
    if (!abstainAllowed(settings, ctx.kind))
      return violation("vote.abstain-not-allowed", "this vote must name a player", { kind: ctx.kind });
  }
  for (const target of cast.targets) {
    if (!ctx.alive.has(target))
      return violation("vote.target-dead", "the target is out", { target, seat: target });
    if (ctx.house && !ctx.house.seats.has(target)) {
      return violation("vote.target-other-house", "votes go to players of the voter's own house", {
        target,
        seat: target,
        house: ctx.house.house,
      });
    }
    if (ctx.candidates !== null && !ctx.candidates.includes(target)) {
      return violation("vote.not-a-candidate", "only the tied players may be voted for", {
        target,
        seat: target,
        candidates: ctx.candidates.join(","),
      });
    }
  }

  const codes = cast.codes ?? [];
  if (codes.length > cast.targets.length && codes.some((c) => c !== null)) {
    return violation("vote.too-many-codes", "one code guess per vote at most", {
      got: codes.length,
      allowed: cast.targets.length,
    });
  }
  if (ctx.codeChoices !== undefined) {
    for (const code of codes) {
      if (code === null) continue;
      // Seed 000 "未有杀刺出帖前，投票楼不提供代号供投选": before the first black post no code at all is offered.
      if (ctx.codeChoices === null) {
        return violation("vote.codes-not-offered", "no codes are offered before the first black kill post", {
          code,
          offered: "",
        });
      }
      if (!ctx.codeChoices.includes(code)) {
        return violation("vote.code-not-offered", "that code name is not offered", {
          code,
          offered: ctx.codeChoices.join(","),
        });
      }
    }
  }

  const changesMade = ctx.castsBy ? ctx.castsBy(voter) : ctx.previous.filter((c) => c.voter === voter).length;
  if (changesMade > 0) {
    const max = settings.changes.max;
    if (max !== null && changesMade > max) {
      return violation("vote.no-more-changes", "no vote changes left", { changesMade: changesMade - 1, max });
    }
    const freezeFrom = changeFreezeFrom(settings, deadline);
    if (freezeFrom !== null && receivedAt >= freezeFrom) {
      return violation("vote.change-frozen", "votes can no longer be changed", {
        freezeFrom,
        deadline,
        receivedAt,
      });
    }
  }
  return null;
}

/**
 * Seats of `voters` with no cast in `casts` (for 不投票 penalties, RULINGS.md 8), ascending. Pure, total.
 * An abstention (投票对象：无) and a proxy vote are votes; the caller passes the seats that were due to vote.
 */
export function nonVoters(voters: Iterable<Seat>, casts: readonly VoteCast[]): Seat[] {
  const voted = new Set(casts.map((c) => c.voter));
  return [...new Set(voters)].filter((s) => !voted.has(s)).sort((a, b) => a - b);
}
