// 哨子最大: the referee's overrides, each an OverrideApplied event with its reason, then its consequences.

import type { RuleSet } from "../rules/schema.ts";
import { decideAcceptIou } from "./accept-iou.ts";
import { decideAmendLeadVoter } from "./amend-lead-voter.ts";
import { decideAmendVoteOut } from "./amend-vote-out.ts";
import { decideAssignTurn } from "./assign-turn.ts";
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { hasCast } from "./cast-log.ts";
import type { Instant, Override, Refusal } from "./contract.ts";
import { pendingDeadlines } from "./deadlines.ts";
import { applyLeadVoterDecision, applyTieDecision } from "./decisions.ts";
import { openThreads } from "./houses.ts";
import { decideDayNightOverride } from "./night/actions.ts";
import { publishedRole } from "./night/bandit.ts";
import { excuseLateSubstitute } from "./night/penalties.ts";
import { putOut, revive, reviveTargetOf, takenByItsBomb, voidPostFiring } from "./outs.ts";
import { decideReinstatePost } from "./reinstate-post.ts";
import { rulesOf, type Submission } from "./state.ts";

/** Resolves "vote" / "iou" / … to the pending deadline of that kind (earliest first), or accepts a full key. */
function resolveDeadline(b: Batch, name: string): string | null {
  const pending = pendingDeadlines(b.state);
  if (pending.some((d) => d.key === name)) return name;
  // A full key that is not pending (a closed round's vote, a round that does not exist) would be recorded and change
  // nothing (overrides audit): refused like an unknown name.
  const found = pending.find((d) => d.kind === name && d.kind !== "open");
  return found?.key ?? null;
}

/** Every ruling carries a reason (RULINGS 23), the 改判结果 of an ended game too. */
function noReason(reason: string): Refusal | null {
  return reason.trim() === ""
    ? { code: "override.no-reason", message: "every override carries a reason" }
    : null;
}

function unknownSeat(seat: number): Refusal {
  return { code: "override.unknown-seat", message: `no seat ${seat}`, details: { seat } };
}

/** The ids a plan's `posts` and `extraPosts` may name: the rule set's groups and the groups its alliances merge into. */
function planUnits(rules: RuleSet): Set<string> {
  const units = new Set(rules.groups.map((g) => g.id));
  for (const al of rules.alliances)
    for (const ef of al.effects) if (ef.kind === "merge-groups") units.add(ef.into);
  return units;
}

/**
 * 进程微调 (「哨子保留微调进程的权利」). `posts` and `extraPosts` replace the round's maps whole (an empty map: no posts
 * that round, as scenario files use it); the web form fills in the groups left blank. Refused: a group the rule set
 * lacks (it would silently zero the real ones), and posts for a round whose posts are already out.
 */
function decideSetProgression(
  b: Batch,
  at: Instant,
  round: number,
  o: Extract<Override, { action: "set-progression" }>,
  reason: string,
): Refusal | null {
  if (o.round < 1) return { code: "override.bad-round", message: "rounds start at 1" };
  const r = b.state.rounds[o.round];
  if (r?.closed) return { code: "override.round-closed", message: "that round is over" };
  const rules = rulesOf(b.state);
  const units = planUnits(rules);
  const unknown = [...Object.keys(o.posts ?? {}), ...Object.keys(o.extraPosts ?? {})].find(
    (k) => !units.has(k),
  );
  if (unknown !== undefined)
    return {
      code: "override.unknown-group",
      message: `no group has the id "${unknown}"`,
      details: { group: unknown },
    };
  // Once a round's posts are out its window is shut: a count given then would be recorded and change nothing.
  if (r?.released && (o.posts !== undefined || o.extraPosts !== undefined))
    return {
      code: "override.posts-released",
      message: "that round's posts are already out",
      details: { round: o.round },
    };
  emit(b, { type: "OverrideApplied", at, round, override: o, reason });
  return null;
}

export function decideOverride(b: Batch, at: Instant, o: Override, reason: string): Refusal | null {
  const round = b.state.current;
  const seatExists = (s: number) => b.state.seats[s] !== undefined;
  const missing = noReason(reason);
  if (missing) return missing;
  switch (o.action) {
    case "eliminate": {
      if (!seatExists(o.target)) return unknownSeat(o.target);
      if (!b.state.seats[o.target]?.alive)
        return { code: "override.already-out", message: "the seat is already out" };
      emit(b, { type: "OverrideApplied", at, round, override: o, reason });
      if (!o.missedRedo) {
        putOut(b, at, round, o.target, "referee");
        return null;
      }
      // As a non-voter's suicide: seed 000 「自杀者身份立即公布」.
      putOut(b, at, round, o.target, "redo");
      const s = b.state.seats[o.target];
      if (s)
        emit(b, {
          type: "IdentityRevealed",
          at,
          seat: o.target,
          role: publishedRole(b.state, o.target),
          code: s.code,
        });
      return null;
    }
    case "decide-tie":
      return decideTie(b, at, round, o, reason);
    case "decide-lead-voter":
      return decideLeadVoter(b, at, round, o, reason);
    case "amend-vote-out":
      return decideAmendVoteOut(b, at, round, o, reason);
    case "reinstate-post":
      return decideReinstatePost(b, at, round, o, reason);
    case "accept-iou":
      return decideAcceptIou(b, at, round, o, reason);
    case "amend-lead-voter":
      return decideAmendLeadVoter(b, at, round, o, reason);
    case "assign-turn":
      return decideAssignTurn(b, at, round, o, reason);
    case "revive": {
      if (!seatExists(o.target)) return unknownSeat(o.target);
      if (b.state.seats[o.target]?.alive) return { code: "override.not-out", message: "the seat is not out" };
      emit(b, { type: "OverrideApplied", at, round, override: o, reason });
      revive(b, at, round, o.target, "referee");
      return null;
    }
    case "set-progression":
      return decideSetProgression(b, at, round, o, reason);
    case "extend": {
      // A round opens when the round before it closes; moving its opening alone would change nothing.
      if (o.deadline === "open" || /^round:\d+:open$/.test(o.deadline)) {
        return {
          code: "override.fixed-deadline",
          message: "a round's opening follows the previous round's vote; extend that instead",
          details: { deadline: o.deadline },
        };
      }
      const key = resolveDeadline(b, o.deadline);
      if (!key) {
        return {
          code: "override.unknown-deadline",
          message: `no pending deadline ${o.deadline}`,
          details: { deadline: o.deadline },
        };
      }
      // A deadline moved before the override itself would fire stamped earlier than the ruling that moved it, and a
      // mistyped date would close a vote at once with no way back: the referee names a time still to come.
      if (o.until < at)
        return {
          code: "override.deadline-passed",
          message: "the new deadline is before the override was received",
          details: { deadline: o.until, at },
        };
      emit(b, { type: "OverrideApplied", at, round, override: { ...o, deadline: key }, reason });
      return null;
    }
    case "void-vote": {
      // In whichever house's thread the ballot stands (两府制 audit: house 2's ballots could not be voided).
      const r = b.state.rounds.find(
        (x) => x && openThreads(x).some(({ vote }) => hasCast(vote.casts, o.voter)),
      );
      if (!r) return { code: "override.no-vote", message: "the seat has no ballot in an open vote" };
      emit(b, { type: "OverrideApplied", at, round: r.round, override: o, reason });
      return null;
    }
    case "void-post": {
      const standing = (s: Submission) =>
        s.poster === o.poster && !s.voided && (o.post === undefined || s.index === o.post);
      const r =
        o.round !== undefined
          ? b.state.rounds[o.round]
          : [...b.state.rounds].reverse().find((x) => x?.submissions.some(standing));
      const post = r?.submissions.filter(standing).at(-1);
      if (!r || !post)
        return {
          code: "override.no-post",
          message: "the seat has no such kill post to void",
          details: { seat: o.poster, ...(o.round !== undefined && { round: o.round }) },
        };
      // Named in the event, so the fold voids this post whatever the seat posts later in the round.
      const override = { action: "void-post" as const, poster: o.poster, round: r.round, post: post.index };
      const taken = r.released !== null && takenByItsBomb(b.state, r.round, post.index);
      emit(b, { type: "OverrideApplied", at, round: r.round, override, reason });
      if (r.released) voidPostFiring(b, at, r.round, post.index);
      if (r.released) reviveTargetOf(b, at, r.round, post.index, "void-post");
      // A void post set no bomb off: its poster, taken along (同归), comes back with the bomb (作废杀帖 is no penalty).
      const bomb = r.released?.find((p) => p.index === post.index)?.target;
      if (
        taken &&
        bomb !== undefined &&
        b.state.seats[bomb]?.alive &&
        revive(b, at, r.round, o.poster, "void-post")
      ) {
        const owes = b.state.seats[o.poster]?.owes;
        if (owes) putOut(b, at, r.round, o.poster, owes.cause, { post: owes.post });
      }
      return null;
    }
    case "substitute":
      if (!seatExists(o.seat)) return unknownSeat(o.seat);
      // An out seat has nothing left to play: taking it over would only use up the new account's place in the game.
      if (!b.state.seats[o.seat]?.alive)
        return {
          code: "override.already-out",
          message: "the seat is already out",
          details: { seat: o.seat },
        };
      if (o.alias.trim() === "" || b.state.seats.some((s) => s.alias === o.alias)) {
        return { code: "override.bad-alias", message: "the new alias is empty or already taken" };
      }
      {
        // The command's own `previous` is ignored: the old alias is read from the state, as the log must name it.
        const { previous: _ignored, ...command } = o;
        const previous = b.state.seats[o.seat]?.alias;
        emit(b, {
          type: "OverrideApplied",
          at,
          round,
          override: { ...command, ...(previous !== undefined ? { previous } : {}) },
          reason,
        });
      }
      excuseLateSubstitute(b, at, o.seat);
      return null;
    case "end-game":
      endByReferee(
        b,
        at,
        round,
        { action: "end-game", winner: o.winner },
        reason,
        "the referee ended the game",
      );
      return null;
    default:
      return decideDayNightOverride(b, at, o, reason);
  }
}

/**
 * 改判结果: on a game already over, the referee replaces its result (a 举报 upheld after the end, an ending read wrong).
 * Only the result changes: every role is public once a game ends (view.ts), so the game cannot be played on, and the
 * outs and scores stand as recorded. The moment the game ended stays the first one (evolve.ts).
 */
export function decideAmendResult(
  b: Batch,
  at: Instant,
  o: Extract<Override, { action: "end-game" }>,
  reason: string,
): Refusal | null {
  const missing = noReason(reason);
  if (missing) return missing;
  const previous = b.state.result?.winner ?? null;
  if (previous === o.winner)
    return {
      code: "override.same-result",
      message: `the game already ended with that result (${o.winner})`,
      details: { winner: o.winner },
    };
  const override = { action: "end-game" as const, winner: o.winner, previous };
  endByReferee(b, at, b.state.current, override, reason, "the referee changed the result");
  return null;
}

/** The ruling, then the result it gives, announced as the referee's (end-game and 改判结果 alike). */
function endByReferee(
  b: Batch,
  at: Instant,
  round: number,
  override: Extract<Override, { action: "end-game" }>,
  reason: string,
  said: string,
): void {
  emit(b, { type: "OverrideApplied", at, round, override, reason });
  emit(b, {
    type: "GameEnded",
    at,
    winner: override.winner,
    reason: `${said}: ${reason}`,
    why: { kind: "referee", reason },
  });
}

/** The referee fills the places a final tie-break left open; refused unless it names exactly those places. */
function decideTie(
  b: Batch,
  at: Instant,
  round: number,
  o: Extract<Override, { action: "decide-tie" }>,
  reason: string,
): Refusal | null {
  const house = o.house ?? 1;
  const r = b.state.rounds[o.round];
  const tb = house === 1 ? r?.tieBreak : r?.houseTieBreaks?.[house];
  const left = tb?.referee;
  if (!r || !left)
    return { code: "override.no-tie-left", message: `round ${o.round} left no tie to the referee` };
  if (left.decided) return { code: "override.tie-decided", message: "that tie is decided already" };
  const chosen = new Set(o.out);
  // Tied seats that went out since the tie (a post, a penalty) cannot fill a place: the places left are at most the
  // living tied, and with none living the decision names nobody (it closes the question).
  const places = Math.min(left.slots, left.seats.filter((s) => b.state.seats[s]?.alive).length);
  if (chosen.size !== o.out.length || o.out.length !== places)
    return {
      code: "override.tie-places",
      message: `choose ${places} of the tied seats, each once`,
      details: { slots: places },
    };
  const stray = o.out.find((s) => !left.seats.includes(s));
  if (stray !== undefined)
    return {
      code: "override.not-tied",
      message: `seat ${stray} is not among the tied`,
      details: { seat: stray },
    };
  const gone = o.out.find((s) => !b.state.seats[s]?.alive);
  if (gone !== undefined)
    return { code: "override.already-out", message: "the seat is already out", details: { seat: gone } };
  applyTieDecision(b, at, round, o, reason);
  return null;
}

/** The referee names the 领票人 of a bomb voted out under leadVoter "referee"; the bomb takes that seat along. */
function decideLeadVoter(
  b: Batch,
  at: Instant,
  round: number,
  o: Extract<Override, { action: "decide-lead-voter" }>,
  reason: string,
): Refusal | null {
  const waiting = b.state.rounds[o.round]?.leadVoterDecisions?.find((d) => d.bomb === o.bomb);
  if (!waiting)
    return {
      code: "override.no-lead-voter-left",
      message: `no bomb voted out in round ${o.round} waits for its lead voter`,
      details: { bomb: o.bomb },
    };
  if (waiting.decided !== undefined)
    return { code: "override.lead-voter-decided", message: "that bomb's lead voter is named already" };
  if (!waiting.voters.includes(o.leadVoter))
    return {
      code: "override.not-a-voter",
      message: `seat ${o.leadVoter} did not vote for the bomb`,
      details: { seat: o.leadVoter },
    };
  applyLeadVoterDecision(b, at, round, o, reason);
  return null;
}
