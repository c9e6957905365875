// Deciding 7kill's commands: night abilities and the bandit's bullet, thread posts (潜水 counts, 诈尸, last words), rulings.
import type { Batch } from "../batch.ts";
import { emit } from "../batch.ts";
import { hasCast } from "../cast-log.ts";
import type { Instant, Refusal } from "../contract.ts";
import { fireDue } from "../deadlines.ts";
import { putOut, revealOuts } from "../outs.ts";
import { roleById } from "../roles.ts";
import { rulesOf } from "../state.ts";
import { actingRole, convertOnShot } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import { endLastWords, isDayNight } from "./night.ts";
import { penaltyJudged, recordOffence, threadKey } from "./penalties.ts";
import type { DayNightCommand, DayNightOverride } from "./types.ts";

const no = (code: string, message: string, details?: Refusal["details"]): Refusal =>
  details ? { code, message, details } : { code, message };

type UseAbility = Extract<DayNightCommand, { type: "UseAbility" }>;
type Say = Extract<DayNightCommand, { type: "Say" }>;

/**
 * "杀手…每晚共同杀人，允许放弃，不允许自杀，无反馈"; "警察…每晚共同验人，不得放弃，不能验自己"; "医生每晚可以救治一人";
 * "秘匪拥有一发子弹" (by day too, RULINGS 22). A group acts as one: its latest choice before the night's end stands.
 * For a group ability "self" is the group ("不允许自杀": no killer kills a killer).
 */
export function decideAbility(b: Batch, cmd: UseAbility): Refusal | null {
  const state = b.state;
  if (!isDayNight(state)) return no("ability.not-in-this-game", "this rule set has no abilities");
  const rules = rulesOf(state);
  const actor = state.seats[cmd.actor];
  if (!actor) return no("ability.unknown-seat", `no seat ${cmd.actor}`);
  if (!actor.alive) return no("ability.actor-out", "an out player has no ability");
  const ab = roleById(rules, actingRole(state, cmd.actor)).abilities.find((a) => a.ability === cmd.ability);
  if (!ab) return no("ability.not-yours", `this seat has no ${cmd.ability} ability now`);
  const round = state.current;
  const dn = dayNightOf(state);
  const night = dn.nights[round];
  const inNight = night !== undefined && !night.resolved;
  if (ab.phase === "night" && !inNight) return no("ability.not-night", "this ability is used at night");
  if (ab.phase === "day" && inNight) return no("ability.not-day", "this ability is used by day");
  if (cmd.ability === "shoot" && dn.bandit?.shot) return no("ability.no-uses-left", "the bullet is spent");
  if (cmd.target === null) {
    // The bullet is used or kept, never "passed": not shooting needs no command.
    if (cmd.ability === "shoot") return no("ability.nothing-to-pass", "not shooting needs nothing sent");
    if (!ab.maySkip) return no("ability.may-not-skip", "this ability may not be skipped");
  } else {
    const target = state.seats[cmd.target];
    if (!target) return no("ability.unknown-seat", `no seat ${cmd.target}`);
    if (!target.alive) return no("ability.target-out", "the target is out", { target: cmd.target });
    if (!ab.maySelf) {
      const group = ab.together
        ? state.seats.filter((s) =>
            roleById(rules, actingRole(state, s.seat)).abilities.some((a) => a.ability === cmd.ability),
          )
        : [actor];
      if (group.some((s) => s.seat === cmd.target))
        return no("ability.not-self", "not on oneself or one's group");
    }
  }

  if (cmd.ability !== "shoot") {
    emit(b, {
      type: "AbilityUsed",
      at: cmd.at,
      round,
      seat: cmd.actor,
      ability: cmd.ability,
      target: cmd.target,
      ...(cmd.referee !== undefined && { referee: cmd.referee }),
    });
    return null;
  }
  const target = cmd.target as number;
  emit(b, {
    type: "BanditShot",
    at: cmd.at,
    round,
    seat: cmd.actor,
    target,
    by: inNight ? "night" : "day",
    ...(cmd.referee !== undefined && { referee: cmd.referee }),
  });
  // "如果在前三天开枪，则转为水民"
  convertOnShot(b, cmd.at, round, cmd.actor);
  if (!inNight) {
    putOut(b, cmd.at, round, target, "shot", { by: cmd.actor });
    revealOuts(b, cmd.at, round);
  }
  return null;
}

/**
 * A post in a game thread. Living seats' discussion posts are counted for 潜水; during last words they count for the
 * next day's thread ("允许导演视实际情况提前开帖讨论"). An out player's post in the discussion or vote thread is 诈尸:
 * not published, and recorded ("出局玩家在白天的讨论帖或投票帖中发言…将被视为诈尸"). A dead player due last words
 * posts them; "死者遗言结束即进入白天讨论、投票阶段（而无须等到遗言截止时间）".
 */
export function decideSay(b: Batch, cmd: Say): Refusal | null {
  const state = b.state;
  if (!isDayNight(state)) return no("say.not-in-this-game", "posts are not counted in this rule set");
  const s = state.seats[cmd.seat];
  if (!s) return no("say.unknown-seat", `no seat ${cmd.seat}`);
  const round = state.current;
  const dn = dayNightOf(state);
  const lw = dn.lastWords[round];
  const lwOpen = lw !== undefined && lw.endedAt === null;
  if (cmd.thread === "last-words") {
    if (s.alive) return no("say.not-out", "last words are for the dead");
    if (!lwOpen || !lw.due.includes(cmd.seat) || lw.posted.includes(cmd.seat)) {
      return no("say.no-last-words", "this player has no last words to post now");
    }
    emit(b, { type: "LastWordsPosted", at: cmd.at, round, seat: cmd.seat });
    const rules = rulesOf(b.state);
    const now = dayNightOf(b.state).lastWords[round];
    const early = rules.schedule.kind === "day-night" && rules.schedule.lastWordsEndEarly;
    if (early && now?.due.every((x) => now.posted.includes(x))) {
      endLastWords(b, cmd.at, round, true);
      fireDue(b, cmd.at);
    }
    return null;
  }
  if (!s.alive) {
    emit(b, { type: "PostRefused", at: cmd.at, round, seat: cmd.seat, thread: cmd.thread });
    // Once the day's vote has closed (the night has opened, and on through the last words) the day's post is due
    // already: the warning is the next day's, told in its results post, as the posts made then count for it.
    recordOffence(b, cmd.at, dn.nights[round] !== undefined ? round + 1 : round, cmd.seat, "zhashi");
    return null;
  }
  if (cmd.thread === "vote") return null;
  const r = state.rounds[round];
  const key = r?.vote ? threadKey(round, r.vote.stage) : lw ? threadKey(round + 1, "regular") : null;
  if (key === null) return no("say.thread-closed", "the discussion thread is closed at night");
  emit(b, { type: "DiscussionPosted", at: cmd.at, round, seat: cmd.seat, thread: key });
  return null;
}

/** The referee's 7kill rulings. */
export function decideDayNightOverride(
  b: Batch,
  at: Instant,
  o: DayNightOverride,
  reason: string,
): Refusal | null {
  const state = b.state;
  const round = state.current;
  // Seed 001's penalties belong to its day-night game; elsewhere a warning would put a player out under rules it lacks.
  if (rulesOf(state).schedule.kind !== "day-night") {
    return no("override.not-day-night", "7kill rulings apply to day-night games only");
  }
  const target = o.action === "invalid-vote" ? o.voter : o.target;
  if (!state.seats[target]) return no("override.unknown-seat", `no seat ${target}`, { seat: target });
  switch (o.action) {
    case "invalid-vote": {
      const r = state.rounds.find((x) => x?.vote && hasCast(x.vote.casts, o.voter));
      if (!r) return no("override.no-vote", "the seat has no ballot in an open vote");
      emit(b, {
        type: "OverrideApplied",
        at,
        round: r.round,
        override: { action: "invalid-vote", voter: o.voter, correctable: true },
        reason,
      });
      return null;
    }
    case "warn":
      // Seed 001 keeps only a night duty's 潜水 unannounced; any other warning is announced as it is given.
      if (o.secret && o.offence !== "lurking")
        return no("override.secret-not-lurking", "only a lurking warning can be secret", {
          offence: o.offence,
        });
      emit(b, { type: "OverrideApplied", at, round, override: o, reason });
      recordOffence(b, at, round, o.target, o.offence, {
        ...(o.severe && { severe: true }),
        ...(o.secret && { public: false }),
      });
      return null;
    case "excuse":
      if (o.round < 1) return no("override.bad-round", "rounds start at 1");
      emit(b, { type: "OverrideApplied", at, round, override: o, reason });
      return null;
    case "withdraw-warning": {
      // The one applyDayNightOverride takes back: the latest standing warning of that offence in that round.
      const standing = dayNightOf(state).offences.findLast(
        (x) =>
          x.seat === o.target && x.round === o.round && x.offence === o.offence && x.warning && !x.withdrawn,
      );
      if (!standing)
        return no(
          "override.no-such-warning",
          "the seat has no standing warning for that offence in that round",
        );
      // A seat's public and secret 潜水 may share a round, so only the event can say which one was withdrawn.
      emit(b, { type: "OverrideApplied", at, round, override: { ...o, public: standing.public }, reason });
      return null;
    }
    case "reputation": {
      const rep = rulesOf(state).penalties?.reputation;
      if (!penaltyJudged(state, o.target)) {
        return no(
          "override.not-penalty-out",
          "only a player put out by penalties (or warned to the limit once out) gets a reputation penalty",
        );
      }
      // "并对玩家给予-10～-30的负信誉度"
      if (rep && (o.points < rep.min || o.points > rep.max)) {
        return no("override.reputation-out-of-range", `between ${rep.min} and ${rep.max}`, {
          min: rep.min,
          max: rep.max,
        });
      }
      emit(b, { type: "OverrideApplied", at, round, override: o, reason });
      return null;
    }
  }
}
