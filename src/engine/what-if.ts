// Whether an ending that holds now could still change: each open question is answered every way it can be, in turn.
import { nextAlliance } from "./alliances.ts";
import type { Batch } from "./batch.ts";
import { emit, newBatch } from "./batch.ts";
import type { Instant, Seat } from "./contract.ts";
import { applyLeadVoterDecision, applyTieDecision, failIous } from "./decisions.ts";
import { contestedEndings, endingNow } from "./end.ts";
import type { OpenQuestion } from "./pending.ts";
import { openQuestions } from "./pending.ts";
import type { GameState } from "./state.ts";

/**
 * Past this many complete answers the what-if stops and says "could change": waiting is the old, safe reading. settle
 * asks after every command while an ending waits, so the bound also bounds what each vote then costs (a few ms).
 */
const MAX_OUTCOMES = 512;

type Answer = (b: Batch) => void;

/** Who wins, or which winners the referee must choose between, or nothing yet. */
function outcome(state: GameState): string {
  const ending = endingNow(state);
  if (ending) return `win:${ending.winner}`;
  const contested = contestedEndings(state);
  if (contested) return `contest:${contested.map((c) => c.winner).join(",")}`;
  return "none";
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  if (first === undefined) return [];
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

/** Every answer the question can get, each as what it does to a batch. */
function answersTo(state: GameState, q: OpenQuestion, at: Instant, round: number): Answer[] {
  const alive = (s: Seat) => state.seats[s]?.alive === true;
  const r = state.rounds[q.round];
  if (q.kind === "tie") {
    const left = (q.house === undefined ? r?.tieBreak : r?.houseTieBreaks?.[q.house])?.referee;
    if (!left) return [];
    const living = left.seats.filter(alive);
    const places = Math.min(left.slots, living.length);
    return combinations(living, places).map(
      (out) => (b) =>
        applyTieDecision(
          b,
          at,
          round,
          { action: "decide-tie", round: q.round, out, ...(q.house !== undefined ? { house: q.house } : {}) },
          "what-if",
        ),
    );
  }
  if (q.kind === "lead-voter") {
    const voters = r?.leadVoterDecisions?.find((d) => d.bomb === q.bomb)?.voters ?? [];
    // Naming any voter already out takes nobody along: one of them stands for all.
    const named = [...new Set(voters.filter(alive)), ...voters.filter((v) => !alive(v)).slice(0, 1)];
    return named.map(
      (leadVoter) => (b) =>
        applyLeadVoterDecision(
          b,
          at,
          round,
          { action: "decide-lead-voter", round: q.round, bomb: q.bomb, leadVoter },
          "what-if",
        ),
    );
  }
  const iou = r?.ious.find((i) => i.post === q.post);
  if (!iou) return [];
  // Each IOU is answered on its own; IOUs due together fail together (deadlines.ts), which the order of answers here
  // only approximates (a poster who is another failed post's target): close enough to tell whether the end can move.
  return [
    (b) =>
      emit(b, {
        type: "IouCompleted",
        at,
        round: q.round,
        post: iou.post,
        poster: iou.poster,
        words: 0,
        postId: null,
      }),
    (b) => failIous(b, at, q.round, [iou]),
  ];
}

/**
 * An elimination game's ending that holds now waits only if some way of answering the open questions (the referee's
 * ties and 领票人, the open IOUs) leads to another outcome; when every way leads to the same one it holds already.
 * Alliances a change triggers are formed on the way, as settle forms them.
 */
export function endingCouldChange(state: GameState, at: Instant, round: number): boolean {
  const now = outcome(state);
  let outcomes = 0;
  const differs = (s: GameState): boolean => {
    const b = newBatch(s);
    for (let a = nextAlliance(b.state); a !== null; a = nextAlliance(b.state)) {
      emit(b, { type: "AllianceFormed", at, round, alliance: a.id, name: a.name });
    }
    const q = openQuestions(b.state)[0];
    if (!q) {
      outcomes++;
      return outcome(b.state) !== now;
    }
    const answers = answersTo(b.state, q, at, round);
    // Every open question has an answer (pending.ts lists none without one); should one lack it, waiting is safe.
    if (answers.length === 0) return true;
    for (const answer of answers) {
      if (outcomes >= MAX_OUTCOMES) return true;
      const next = newBatch(b.state);
      answer(next);
      if (differs(next.state)) return true;
    }
    return false;
  };
  return differs(state);
}
