// What a viewer may see of 7kill: "无反馈" for killers, check results for the police only, no causes of death.
import type { Instant, Seat } from "../contract.ts";
import type { GameEvent } from "../events.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { actingRole, banditHiddenFrom, convertedAt } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import type {
  AbilityName,
  BanditState,
  DayNightEvent,
  DayNightOverride,
  DayNightState,
  LastWordsState,
  Offence,
} from "./types.ts";
import { DAY_NIGHT_EVENT_TYPES } from "./types.ts";

/** An event with fields left out. */
type Shown = { type: string; at: number; [key: string]: unknown };

function holds(state: GameState, seat: Seat | null, ability: AbilityName): boolean {
  if (seat === null || !state.rules || !state.seats[seat]) return false;
  return roleById(state.rules, actingRole(state, seat)).abilities.some((a) => a.ability === ability);
}

export function isDayNightEvent(e: GameEvent): e is DayNightEvent {
  return DAY_NIGHT_EVENT_TYPES.has(e.type);
}

/** A 7kill event for a seat or the public (the referee sees everything); null when it is none of the viewer's business. */
export function redactDayNightEvent(
  e: DayNightEvent,
  seat: Seat | null,
  state: GameState,
): DayNightEvent | Shown | null {
  switch (e.type) {
    case "AbilityUsed": {
      if (!holds(state, seat, e.ability) || e.seat === banditHiddenFrom(state, seat)) return null;
      const since = convertedAt(state, seat);
      return since === null || e.seat === seat || e.at >= since ? e : null;
    }
    case "CheckResult":
      // "验人结果只显示是好人或杀手" — to the police.
      return holds(state, seat, "check") ? e : null;
    case "NightResolved":
      // Protections, saves and needles are the referee's: "无反馈".
      return null;
    case "BanditShot":
      if (seat === e.seat) return e;
      return e.by === "day" ? { type: e.type, at: e.at, round: e.round, by: "day" } : null;
    case "BanditConverted":
      return seat === e.seat ||
        (e.became !== null &&
          holds(state, seat, "kill") &&
          e.used === false &&
          banditHiddenFrom(state, seat) === null)
        ? e
        : null;
    case "OffenceRecorded":
      // "此种情况处罚时不公开"
      return e.public || seat === e.seat ? e : null;
    default:
      return e;
  }
}

/**
 * Whether a ruling takes back a secret warning ("此种情况处罚时不公开"): then it is as secret as the warning. An event
 * stored before withdrawals said which warning they took is treated as secret if any it may have taken is.
 */
export function withdrawsSecretWarning(o: DayNightOverride, state: GameState): boolean {
  if (o.action !== "withdraw-warning") return false;
  if (o.public !== undefined) return !o.public;
  return dayNightOf(state).offences.some(
    (x) => x.seat === o.target && x.round === o.round && x.offence === o.offence && !x.public,
  );
}

/** "所有出局者公布身份，不公布死因": PlayerOut without cause and actor where the rule set hides causes. */
export function hideCause(e: Extract<GameEvent, { type: "PlayerOut" }>, state: GameState): GameEvent | Shown {
  if (state.rules?.disclosure.cause !== false) return e;
  const { cause: _cause, by: _by, ...rest } = e;
  return rest;
}

/** A seat's own night record, as far as its role lets it know. */
export interface NightYouView {
  /** The role whose abilities the seat has now (the bandit turned killer acts as a killer). */
  actingAs: string;
  /**
   * The abilities the seat has now, with the limits a form needs: when, whether it may pass, and the seats it may not
   * target ("不允许自杀": for a group ability the whole group, whom its members already know; "不能验自己").
   */
  abilities: {
    ability: AbilityName;
    phase: "night" | "day" | "any";
    together: boolean;
    /** May send no target ("允许放弃"); the bullet is never "used" on nobody. */
    mayPass: boolean;
    notTargets: Seat[];
  }[];
  /**
   * The standing night choices of the abilities the seat has now: its group's for abilities used together (the killers'
   * kill, the police's check), its own otherwise (the doctor's protections). No outcome: "无反馈".
   */
  actions: { round: number; ability: AbilityName; by: Seat; target: Seat | null; at: Instant }[];
  /** The police's results: "验人结果只显示是好人或杀手，不显示具体身份". */
  checks: { round: number; target: Seat; result: "good" | "killer" }[];
  /** 秘匪: its one bullet ("拥有一发子弹") and what it became (水民 after a shot, 杀手 after day 3), for the bandit only. */
  bandit: {
    bulletLeft: boolean;
    shot: BanditState["shot"];
    became: string | null;
    /** "如果在前三天开枪…前三天不开枪则转成杀手": the day whose end decides (no role ids: only its own are shown). */
    decidesAfterDay: number;
  } | null;
}

/** 7kill's record as a viewer may see it. */
export interface DayNightView {
  /** Phase times are public (the referee opens and closes each phase in the threads); outcomes are not. */
  nights: { round: number; endsAt: Instant; resolved: boolean }[];
  /** Who is due last words, who has posted them, and the phase's end (the last-words thread is public). */
  lastWords: LastWordsState[];
  /** Announced warnings, and the viewer's own ("d. …（此种情况处罚时不公开）" stays with the referee and the seat). */
  offences: Offence[];
  /** The whole 7kill record (every action, dawn outcome, check, empty needle): the referee's, and everyone's at the end. */
  record: DayNightState | null;
}

/**
 * What a viewer may see of the 7kill slice; null for other rule sets. `all`: the referee, or any viewer once the game
 * has ended. The doctor is not told empty-needle counts: the seed gives it no feedback, and a count would say which
 * nights the killers struck elsewhere; an out patient is published like every other death, without its cause.
 */
export function dayNightView(state: GameState, seat: Seat | null, all: boolean): DayNightView | null {
  if (state.rules?.schedule.kind !== "day-night") return null;
  const dn = dayNightOf(state);
  return {
    nights: Object.values(dn.nights).map((n) => ({ round: n.round, endsAt: n.endsAt, resolved: n.resolved })),
    lastWords: Object.values(dn.lastWords),
    offences: dn.offences.filter((o) => all || o.public || o.seat === seat),
    record: all ? dn : null,
  };
}

/** A seat's night record (see NightYouView); null for other rule sets. */
export function nightYouView(state: GameState, seat: Seat): NightYouView | null {
  const rules = state.rules;
  if (rules?.schedule.kind !== "day-night" || !state.seats[seat]) return null;
  const dn = dayNightOf(state);
  const acting = actingRole(state, seat);
  const abilities = roleById(rules, acting).abilities;
  const actions: NightYouView["actions"] = [];
  const hidden = banditHiddenFrom(state, seat);
  const since = convertedAt(state, seat);
  for (const night of Object.values(dn.nights)) {
    for (const ab of abilities) {
      const a = night.actions[ab.ability];
      if (
        a &&
        a.by !== hidden &&
        (ab.together || a.by === seat) &&
        (since === null || a.by === seat || a.at >= since)
      )
        actions.push({ round: night.round, ability: ab.ability, ...a });
    }
  }
  const b = dn.bandit;
  const own = roleById(rules, state.seats[seat]?.role ?? acting);
  // A killer out before the bandit converted must not learn its seat from the seats it may not target either.
  const holders = (ability: AbilityName) =>
    state.seats.filter((s) => s.seat !== hidden && holds(state, s.seat, ability)).map((s) => s.seat);
  return {
    actingAs: acting,
    abilities: abilities.map((ab) => ({
      ability: ab.ability,
      phase: ab.phase,
      together: ab.together,
      mayPass: ab.maySkip && ab.ability !== "shoot",
      notTargets: ab.maySelf ? [] : ab.together ? holders(ab.ability) : [seat],
    })),
    actions,
    checks: holds(state, seat, "check") ? dn.checks : [],
    // The bullet goes with the old role: "前三天不开枪则转成杀手".
    bandit: own.conversion
      ? {
          bulletLeft: !b?.shot && abilities.some((a) => a.ability === own.conversion?.ability),
          shot: b?.shot ?? null,
          became: b?.became ?? null,
          decidesAfterDay: own.conversion.withinDays,
        }
      : null,
  };
}
