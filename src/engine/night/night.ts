// The 7kill cycle after a day's vote: the duel day, night, dawn (identities, not causes), last words, the next day.
import type { Batch } from "../batch.ts";
import { emit } from "../batch.ts";
import { SECOND } from "../clock.ts";
import type { Instant, Seat } from "../contract.ts";
import type { Deadline } from "../deadlines.ts";
import { endingNow } from "../end.ts";
import { putOut, revealOuts } from "../outs.ts";
import { phaseEnd } from "../phases.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import { actingRole, convertAtDayEnd } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import { isExcused, recordOffence } from "./penalties.ts";

export function isDayNight(state: GameState): boolean {
  return state.rules?.schedule.kind === "day-night";
}

/**
 * "如果出现两个票数相同且均大于等于未出局人数40%者，进行高票对决…当天进行第二次讨论、投票": the duel runs as the
 * round's second vote among the two, "白天第二次讨论、投票：22:00～次日22:00". Returns whether it opened.
 */
export function openDuel(b: Batch, at: Instant, round: number, tied: Seat[]): boolean {
  const r = b.state.rounds[round];
  const alive = tied.filter((s) => b.state.seats[s]?.alive);
  if (!r || alive.length < 2) return false;
  const deadline = phaseEnd(rulesOf(b.state), "duel", r.voteDeadline);
  emit(b, { type: "OvertimeOpened", at, round, tied: alive, slots: 1, deadline });
  return true;
}

/** "II.夜晚行使特权" follows the day's vote (and the duel). The bandit converts at the end of day 3 first. */
export function openNight(b: Batch, at: Instant, round: number): void {
  convertAtDayEnd(b, at, round);
  if (endingNow(b.state)) return;
  // "夜晚行使特权：22:00～次日12:50": counted from the local day the day's vote closed (a second past its stated time).
  emit(b, { type: "NightOpened", at, round, endsAt: phaseEnd(rulesOf(b.state), "night", at) });
}

/** Last words belong to players out in the first N nights: "如果秘匪转为水民，前三夜出局的玩家有遗言，如果秘匪转为杀手，前四夜出局的玩家有遗言。" */
export function lastWordsNights(state: GameState): number {
  const rules = rulesOf(state);
  const lw = rules.schedule.kind === "day-night" ? rules.schedule.lastWords : undefined;
  if (!lw) return 0;
  const bandit = dayNightOf(state).bandit;
  for (const c of lw.ifConverted) {
    const seat = state.seats.find((s) => s.role === c.role);
    if (seat && bandit?.seat === seat.seat && bandit.became === c.became) return c.nights;
  }
  return lw.nights;
}

/**
 * Night's end, dawn. Killers' kill, the bandit's night shot and the doctor's needle are settled together:
 * "此人不会被杀手或秘匪杀死"; "被救治的当晚如没有被杀手杀到，则产生一次空针…累计两次空针…则被救治者出局" (per patient,
 * RULINGS 21; a protected player nobody attacked is an empty needle). Police get "只显示是好人或杀手". Then "III.天亮公布
 * 结果": identities of the dead, no causes ("所有出局者公布身份，不公布死因"), and the last-words phase.
 */
export function resolveNight(b: Batch, at: Instant, round: number): void {
  const rules = rulesOf(b.state);
  const dn = dayNightOf(b.state);
  const night = dn.nights[round];
  if (!night || night.resolved) return;
  const { kill, shoot, protect, check } = night.actions;
  const alive = (s: Seat | null | undefined): s is Seat =>
    s !== null && s !== undefined && !!b.state.seats[s]?.alive;
  const P = alive(protect?.target) ? (protect?.target ?? null) : null;
  const K = alive(kill?.target) ? (kill?.target ?? null) : null;
  const S = alive(shoot?.target) ? (shoot?.target ?? null) : null;
  const saved = [K, S].filter((x): x is Seat => x !== null && x === P);
  const protectAbility = rules.roles.flatMap((r) => r.abilities).find((a) => a.ability === "protect");
  // The bandit's shot on the patient counts as an attack unless the rule set reads the seed's 杀手 literally.
  const attacked = P !== null && (K === P || (S === P && protectAbility?.emptyNeedleUnless !== "killers"));
  let emptyNeedle: { seat: Seat; count: number } | null = null;
  if (P !== null && !attacked) emptyNeedle = { seat: P, count: (dn.needles[P] ?? 0) + 1 };
  emit(b, {
    type: "NightResolved",
    at,
    round,
    kill: kill?.target ?? null,
    shot: shoot?.target ?? null,
    protected: P,
    saved: [...new Set(saved)],
    emptyNeedle,
  });

  // Checks see the night's roles as they were (the bandit before conversion checks as good).
  if (check?.target !== null && check?.target !== undefined) {
    const camp = roleById(rules, actingRole(b.state, check.target)).camp;
    emit(b, {
      type: "CheckResult",
      at,
      round,
      target: check.target,
      result: camp === "black" ? "killer" : "good",
    });
  }
  // "d. 夜晚要求必须行使特权的，没有在规定时间内行使（此种情况处罚时不公开）。"
  const missed: Seat[] = [];
  if (rules.penalties?.missedNightAction) {
    for (const ability of ["kill", "check", "protect"] as const) {
      const holders = b.state.seats.filter(
        (s) =>
          s.alive &&
          roleById(rules, actingRole(b.state, s.seat)).abilities.some(
            (a) => a.ability === ability && !a.maySkip,
          ),
      );
      if (holders.length > 0 && !night.actions[ability]) missed.push(...holders.map((s) => s.seat));
    }
  }

  // Who dies and why, the killers' victim taking precedence over a shot and a shot over the needle on one seat...
  const deaths: { seat: Seat; cause: "night" | "shot" | "needle"; by: Seat | null }[] = [];
  const dies = (seat: Seat, cause: "night" | "shot" | "needle", by: Seat | null = null) => {
    if (!deaths.some((d) => d.seat === seat)) deaths.push({ seat, cause, by });
  };
  if (K !== null && K !== P) dies(K, "night");
  if (S !== null && S !== P) dies(S, "shot", dn.bandit?.seat ?? null);
  const limit = protectAbility?.emptyNeedleLimit;
  if (emptyNeedle && limit !== undefined && emptyNeedle.count >= limit) dies(emptyNeedle.seat, "needle");
  // A missed duty's second warning puts its seat out at dawn too ("此种情况处罚时不公开"), unless the night takes it
  // anyway (a death, which counts for points where a penalty does not).
  const penalised: Seat[] = [];
  for (const seat of missed) {
    if (isExcused(b.state, seat, round)) continue;
    const out = recordOffence(b, at, round, seat, "lurking", {
      reasons: ["night-action"],
      public: false,
      deferOut: true,
    });
    if (out && !deaths.some((d) => d.seat === seat)) penalised.push(seat);
  }
  // ...all announced in seat order as night outs: 「所有出局者公布身份，不公布死因」, and an order of kill, shot, needle,
  // penalty (or a penalty dated by day) would tell the causes, and that the bandit fired, to anyone reading the post,
  // the board, the last words due or the event stream.
  const nightOuts = [...deaths, ...penalised.map((seat) => ({ seat, cause: "penalty" as const, by: null }))];
  const outs: Seat[] = [];
  for (const d of nightOuts.sort((x, y) => x.seat - y.seat)) {
    const opts = d.cause === "shot" ? { by: d.by, night: true } : { night: true };
    if (putOut(b, at, round, d.seat, d.cause, opts)) outs.push(d.seat);
  }
  revealOuts(b, at, round);
  if (endingNow(b.state)) return;

  const due = round <= lastWordsNights(b.state) ? outs : [];
  const endsAt = phaseEnd(rules, "last-words", night.endsAt);
  emit(b, { type: "LastWordsOpened", at, round, due, endsAt });
  // Nobody to wait for: the rule set may open the next day at dawn (fireDue then opens it in this same batch).
  if (due.length === 0 && rules.schedule.kind === "day-night" && rules.schedule.lastWordsSkipWhenNoneDue)
    endLastWords(b, at, round, true);
}

/** "IV.等待死者遗言 -> I.白天讨论、投票": the phase ends at its time, or early once everyone due has posted. */
export function endLastWords(b: Batch, at: Instant, round: number, early: boolean): void {
  const lw = dayNightOf(b.state).lastWords[round];
  if (!lw || lw.endedAt !== null) return;
  emit(b, { type: "LastWordsEnded", at, round, early });
}

/** The deadlines of the 7kill cycle: the first day, the night's end, the last words' end, the next day. */
export function phaseDeadlines(state: GameState): Deadline[] {
  if (state.current === 0) return [{ key: "round:1:open", at: state.start, round: 1, kind: "open" }];
  const round = state.current;
  const dn = dayNightOf(state);
  const night = dn.nights[round];
  if (night && !night.resolved)
    return [{ key: `round:${round}:night`, at: night.endsAt + SECOND, round, kind: "night" }];
  const lw = dn.lastWords[round];
  if (!lw) return [];
  if (lw.endedAt === null)
    return [{ key: `round:${round}:last-words`, at: lw.endsAt + SECOND, round, kind: "last-words" }];
  return [{ key: `round:${round + 1}:open`, at: lw.endedAt, round: round + 1, kind: "open" }];
}
