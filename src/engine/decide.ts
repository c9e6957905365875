// decide: a command and the state in, every event that follows out (or a refusal). Pure, deterministic.
import type { Batch } from "./batch.ts";
import { emit, newBatch } from "./batch.ts";
import type { Command, Refusal } from "./contract.ts";
import { fireDue } from "./deadlines.ts";
import { decideAmendResult, decideOverride } from "./decide-override.ts";
import { decideComplaint, decideCompleteIou, decideFileComplaint, decideKillPost } from "./decide-post.ts";
import { decideBallot } from "./decide-vote.ts";
import type { GameEvent } from "./events.ts";
import { rememberFolds } from "./fold-memo.ts";
import { decideAbility, decideSay } from "./night/actions.ts";
import type { Decision } from "./refusal.ts";
import { refuse } from "./refusal.ts";
import { decideIouExtension } from "./score/extension.ts";
import { dealSeats } from "./seats.ts";
import { settle } from "./settle.ts";
import type { GameState } from "./state.ts";

/**
 * Decides on a command. Every deadline due by the command's receipt time fires first (so a command always meets the
 * state it would meet live); then the command; then whatever follows by itself (alliances, the end of the game).
 */
export function decide(state: GameState, command: Command): Decision<GameEvent> {
  if (command.type === "StartGame") {
    if (state.status !== "idle") return refuse("game.already-started", "the game has already started");
    const dealt = dealSeats(command.rules, command.seats);
    if (!dealt.ok) return { ok: false, refusal: dealt.refusal };
    const b = newBatch(state);
    emit(b, {
      type: "GameStarted",
      at: command.at,
      rules: command.rules,
      start: command.start,
      seed: dealt.seed,
      seats: dealt.seats,
    });
    // A game started after its own start time catches up at once.
    fireDue(b, command.at);
    return accepted(b);
  }
  if (state.status === "idle") return refuse("game.not-started", "the game has not started");
  if (state.status === "ended") {
    if (command.type === "Tick") return { ok: true, events: [] };
    // 哨子最大 after the end too: a late 举报 or a misread ending changes the recorded result, and nothing else.
    if (command.type === "Override" && command.override.action === "end-game") {
      const b = newBatch(state);
      if ("referee" in command) b.signedBy = command.referee;
      const refusal = decideAmendResult(b, command.at, command.override, command.reason);
      return refusal ? { ok: false, refusal } : accepted(b);
    }
    return ended(command);
  }

  const b = newBatch(state);
  fireDue(b, command.at);
  if (b.state.status === "ended" && command.type !== "Tick") return ended(command);

  let refusal = null;
  // Signed from here to the command's own consequences; what follows by itself (settle) is nobody's act.
  if ("referee" in command) b.signedBy = command.referee;
  switch (command.type) {
    case "Tick":
      break;
    case "CastVote":
    case "EnterProxyVote":
      refusal = decideBallot(b, {
        at: command.at,
        voter: command.voter,
        targets: command.targets,
        ...(command.codes ? { codes: command.codes } : {}),
        ...(command.round !== undefined ? { round: command.round } : {}),
        proxy: command.type === "EnterProxyVote",
      });
      break;
    case "SubmitKillPost":
      refusal = decideKillPost(b, command);
      break;
    case "CompleteIou":
      refusal = decideCompleteIou(b, command);
      break;
    case "FileComplaint":
      refusal = decideFileComplaint(b, command);
      break;
    case "RuleComplaint":
      refusal = decideComplaint(b, command);
      break;
    case "Override":
      refusal = decideOverride(b, command.at, command.override, command.reason);
      break;
    case "GrantIouExtension":
      refusal = decideIouExtension(b, command);
      break;
    case "UseAbility":
      refusal = decideAbility(b, command);
      break;
    case "Say":
      refusal = decideSay(b, command);
      break;
  }
  if (refusal) return { ok: false, refusal };
  b.signedBy = undefined;
  settle(b, command.at);
  return accepted(b);
}

/**
 * A command come after the end. 录入举报 gets its own code: taken in by the 哨群 in time, it may still change the result,
 * which only the referee's 改判结果 (end-game) can do now.
 */
function ended(command: Command): { ok: false; refusal: Refusal } {
  if (command.type === "FileComplaint" && command.receivedAt !== undefined)
    return refuse(
      "complaint.game-ended",
      "the game is over: a result the complaint changes is amended by end-game",
      {
        round: command.round,
        post: command.post,
      },
    );
  return refuse("game.ended", "the game is over");
}

/** The batch's events, its folds remembered for the caller's evolve (fold-memo.ts). */
function accepted(b: Batch): Decision<GameEvent> {
  rememberFolds(b.events, b.states);
  return { ok: true, events: b.events };
}
