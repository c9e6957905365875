// Whether an ending that holds now could still change: each open question is answered every way it can be, in turn.
import { nextAlliance } from "./alliances.ts";
import type { Batch } from "./batch.ts";
import { emit, newBatch } from "./batch.ts";
import type { Instant, Seat } from "./contract.ts";
import { applyComplaintRuling, applyLeadVoterDecision, applyTieDecision, failIous } from "./decisions.ts";
import { contestedEndings, endingNow } from "./end.ts";
import type { OpenQuestion } from "./pending.ts";
import { openQuestions, pendingDecisions } from "./pending.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

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

/** The k-element subsets of `items`, one at a time, so a bound can stop the walk before they are all built. */
function* combinations<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++) {
    const first = items[i] as T;
    for (const rest of combinations(items, k - 1, i + 1)) yield [first, ...rest];
  }
}

/** Every answer the question can get, each as what it does to a batch, one at a time. */
function* answersTo(state: GameState, q: OpenQuestion, at: Instant, round: number): Generator<Answer> {
  const alive = (s: Seat) => state.seats[s]?.alive === true;
  const r = state.rounds[q.round];
  if (q.kind === "tie") {
    const left = (q.house === undefined ? r?.tieBreak : r?.houseTieBreaks?.[q.house])?.referee;
    if (!left) return;
    const living = left.seats.filter(alive);
    const places = Math.min(left.slots, living.length);
    for (const out of combinations(living, places)) {
      yield (b) =>
        applyTieDecision(
          b,
          at,
          round,
          { action: "decide-tie", round: q.round, out, ...(q.house !== undefined ? { house: q.house } : {}) },
          "what-if",
        );
    }
    return;
  }
  if (q.kind === "lead-voter") {
    const voters = r?.leadVoterDecisions?.find((d) => d.bomb === q.bomb)?.voters ?? [];
    // Naming any voter already out takes nobody along: one of them stands for all.
    const named = [...new Set(voters.filter(alive)), ...voters.filter((v) => !alive(v)).slice(0, 1)];
    for (const leadVoter of named) {
      yield (b) =>
        applyLeadVoterDecision(
          b,
          at,
          round,
          { action: "decide-lead-voter", round: q.round, bomb: q.bomb, leadVoter },
          "what-if",
        );
    }
    return;
  }
  if (q.kind === "complaint" || q.kind === "complaint-window") {
    const post = r?.released?.find((p) => p.index === q.post);
    if (!post) return;
    // Seed 000: "一经查证举报属实…当即宣判出帖者出局，被帖者复活。" Or it is dismissed, and nothing changes.
    yield (b) => applyComplaintRuling(b, at, q.round, post, true, "what-if");
    yield (b) => applyComplaintRuling(b, at, q.round, post, false, "what-if");
    return;
  }
  const iou = r?.ious.find((i) => i.post === q.post);
  if (!iou) return;
  // Each IOU is answered on its own; IOUs due together fail together (deadlines.ts), which the order of answers here
  // only approximates (a poster who is another failed post's target): close enough to tell whether the end can move.
  yield (b) =>
    emit(b, {
      type: "IouCompleted",
      at,
      round: q.round,
      post: iou.post,
      poster: iou.poster,
      words: 0,
      postId: null,
    });
  yield (b) => failIous(b, at, q.round, [iou]);
}

/** The state with the alliances a change triggers formed, as settle forms them. */
function withAlliances(state: GameState, at: Instant, round: number): GameState {
  const b = newBatch(state);
  for (let a = nextAlliance(b.state); a !== null; a = nextAlliance(b.state)) {
    emit(b, { type: "AllianceFormed", at, round, alliance: a.id, name: a.name });
  }
  return b.state;
}

/**
 * Every outcome some way of answering all open questions leads to, or null past MAX_OUTCOMES complete answers (or
 * for a question with no answer, which pending.ts never lists): the caller then reads "could be anything".
 */
function outcomesFrom(
  state: GameState,
  at: Instant,
  round: number,
  budget: { left: number },
): Set<string> | null {
  const s = withAlliances(state, at, round);
  const q = openQuestions(s)[0];
  if (!q) {
    budget.left--;
    return new Set([outcome(s)]);
  }
  const all = new Set<string>();
  let answered = false;
  for (const answer of answersTo(s, q, at, round)) {
    if (budget.left <= 0) return null;
    const next = newBatch(s);
    answer(next);
    const sub = outcomesFrom(next.state, at, round, budget);
    if (sub === null) return null;
    for (const o of sub) all.add(o);
    answered = true;
  }
  return answered ? all : null;
}

/**
 * An elimination game's ending that holds now waits only if some way of answering the open questions (the referee's
 * ties, 领票人 and filed complaints, the open IOUs) leads to another outcome; when every way leads to the same one it holds already.
 * Alliances a change triggers are formed on the way, as settle forms them.
 */
export function endingCouldChange(state: GameState, at: Instant, round: number): boolean {
  const known = couldChange.get(state);
  if (known !== undefined) return known;
  const outcomes = outcomesFrom(state, at, round, { left: MAX_OUTCOMES });
  const answer =
    outcomes === null || outcomes.size !== 1 || !outcomes.has(outcome(withAlliances(state, at, round)));
  couldChange.set(state, answer);
  return answer;
}

/**
 * Per immutable state, as the other memos (memo.ts): the summary asks on every referee view and stream batch, and a
 * walk can take up to MAX_OUTCOMES folds. `at` and `round` only stamp the hypothetical events, never an outcome.
 */
const couldChange = new WeakMap<GameState, boolean>();
const matter = new WeakMap<GameState, OpenQuestion[]>();

/**
 * What an ending that waits waits on: the open questions whose answers lead to different outcomes (the others
 * answered every way), so the post and the 哨子台 do not name a decision that cannot move the result. Should none
 * single itself out while the end still waits (only answers taken together matter, or the bound was reached), all.
 */
export function questionsThatMatter(state: GameState, at: Instant, round: number): OpenQuestion[] {
  const known = matter.get(state);
  if (known !== undefined) return known;
  const open = openQuestions(state);
  const some = open.filter((q) => {
    const budget = { left: MAX_OUTCOMES };
    const seen: string[] = [];
    for (const answer of answersTo(state, q, at, round)) {
      const next = newBatch(state);
      answer(next);
      const outcomes = outcomesFrom(next.state, at, round, budget);
      if (outcomes === null) return true;
      seen.push([...outcomes].sort().join("|"));
      if (seen.some((x) => x !== seen[0])) return true;
    }
    return false;
  });
  const answer = some.length > 0 ? some : open;
  matter.set(state, answer);
  return answer;
}

/**
 * Whether an ending that holds waits (settle.ts). A score game's points move with every out, so there any open
 * question holds it: the referee's decisions, and the open 白条 too, since settle's score ending is a camp wiped out,
 * which can come as the posts are released while their 白条 are open (「如未按时补齐，则出贴者出局被帖者复活」 brings the
 * last seat of the camp back; score audit). An elimination game's waits only for a question that can change the winner.
 */
export function endWaits(state: GameState, at: Instant, round: number): boolean {
  return rulesOf(state).win.kind === "elimination"
    ? endingCouldChange(state, at, round)
    : openQuestions(state).length > 0;
}

/**
 * What such an ending waits on, as the summary, the results post and the 哨子台 name it. A score end deferred at a
 * results post (ScoreEndDeferred) waits for the referee's decisions alone (settle.ts): 白条 and complaint windows opened
 * since (the next round's posts) are not named, since deciding ends the game whatever they are.
 */
export function endWaitsOn(state: GameState, at: Instant, round: number): OpenQuestion[] {
  if (state.scoreEndDeferred !== undefined) return pendingDecisions(state);
  return rulesOf(state).win.kind === "elimination"
    ? questionsThatMatter(state, at, round)
    : openQuestions(state);
}
