// A driver for engine tests and the bench: fixed seats in rule-set order, local-time helpers, commands applied in turn.
import { presets } from "../rules/presets/index.ts";
import { RuleSet } from "../rules/schema.ts";
import { hasCast } from "./cast-log.ts";
import type { Command, Instant, Override, Refusal, Seat, SeatSpec } from "./contract.ts";
import { decide } from "./decide.ts";
import type { GameEvent } from "./events.ts";
import { evolve } from "./evolve.ts";
import { roleDeck } from "./seats.ts";
import type { GameState } from "./state.ts";
import { initialState } from "./state.ts";

export function preset(id: string): RuleSet {
  const input = presets[id];
  if (!input) throw new Error(`no preset ${id}`);
  return RuleSet.parse(input);
}

/** "12-02 21:00:00" (or with .mmm) in Asia/Shanghai, year 2026. */
export function local(text: string): Instant {
  const [date, time] = text.split(" ");
  const t = time && time.length === 5 ? `${time}:00` : time;
  return Date.parse(`2026-${date}T${t}+08:00`);
}

/** Seats in rule-set role order: seat i has the i-th role of the deck; aliases s0, s1, … */
export function fixedSeats(rules: RuleSet): SeatSpec[] {
  return roleDeck(rules).map((role, i) => ({ alias: `s${i}`, role }));
}

export class Driver {
  state: GameState = initialState;
  readonly log: GameEvent[] = [];
  readonly refusals: Refusal[] = [];

  constructor(
    readonly rules: RuleSet,
    readonly start: Instant = local("12-01 21:00:00"),
    seats: Command & { type: "StartGame" } extends { seats: infer S } ? S : never = fixedSeats(rules),
  ) {
    this.must({ type: "StartGame", at: start - 60_000, rules, start, seats });
  }

  /** Applies a command; returns the refusal, or null when accepted. */
  do(command: Command): Refusal | null {
    const d = decide(this.state, command);
    if (!d.ok) {
      this.refusals.push(d.refusal);
      return d.refusal;
    }
    for (const e of d.events) {
      this.log.push(e);
      this.state = evolve(this.state, e);
    }
    return null;
  }

  must(command: Command): void {
    const r = this.do(command);
    if (r) throw new Error(`refused ${command.type}: ${r.code} ${r.message}`);
  }

  tick(at: Instant): void {
    this.must({ type: "Tick", at });
  }

  vote(at: Instant, voter: Seat, ...targets: Seat[]): Refusal | null {
    return this.do({ type: "CastVote", at, voter, targets });
  }

  post(at: Instant, poster: Seat, target: Seat, words = 900): Refusal | null {
    return this.do({ type: "SubmitKillPost", at, poster, target, words });
  }

  override(at: Instant, override: Override, reason = "test"): Refusal | null {
    return this.do({ type: "Override", at, override, reason });
  }

  /** Every living voter without a ballot in the open vote votes for `pick(voter)`; an empty pick casts nothing. */
  everyoneVotes(at: Instant, pick: (voter: Seat) => Seat[]): void {
    const r = this.state.rounds.find((x) => x?.vote);
    for (const s of this.state.seats) {
      if (!s.alive || (r?.vote && hasCast(r.vote.casts, s.seat))) continue;
      const targets = pick(s.seat);
      if (targets.length > 0) this.must({ type: "CastVote", at, voter: s.seat, targets });
    }
  }

  alive(seat: Seat): boolean {
    return this.state.seats[seat]?.alive === true;
  }

  events<T extends GameEvent["type"]>(type: T): Extract<GameEvent, { type: T }>[] {
    return this.log.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
  }
}

/** Day `day`'s vote (e.g. "12-02"): `first` votes at 19:00, then everyone takes `victims` in turn at 20:00; 21:00 closes. */
export function closeVote(
  d: Driver,
  day: string,
  victims: number[],
  first?: { voter: Seat; target: Seat },
): void {
  if (first)
    d.must({ type: "CastVote", at: local(`${day} 19:00`), voter: first.voter, targets: [first.target] });
  let n = 0;
  d.everyoneVotes(local(`${day} 20:00`), () => [victims[n++ % victims.length] as number]);
  d.tick(local(`${day} 21:00:01`));
}

/**
 * 空军 round 1 with its hidden bomb (seat 13) voted out: seat 25 votes it first, then 26, then everyone (13 votes 14);
 * the bomb takes 25, the earliest standing vote. `rules`: the preset by default.
 */
export function hiddenBombVotedOut(rules: RuleSet = preset("airforce-40")): Driver {
  const d = new Driver(rules);
  d.must({ type: "CastVote", at: local("12-02 18:00"), voter: 25, targets: [13] });
  d.must({ type: "CastVote", at: local("12-02 19:00"), voter: 26, targets: [13] });
  d.everyoneVotes(local("12-02 20:00"), (v) => [v === 13 ? 14 : 13]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

/**
 * 空军 with its 明弹 (seat 12) taking a 领票人 too and two votes each in round 1, both bombs voted out: seat 25's one
 * cast names both first, so both take it (RULINGS 13: the earliest standing vote); 26 votes the bombs next.
 */
export function twoBombsOneLeadVoter(): Driver {
  const base = preset("airforce-40");
  const roles = base.roles.map((r) =>
    r.id === "bright-bomb" && r.bomb ? { ...r, bomb: { ...r.bomb, takesLeadVoter: true } } : r,
  );
  const progression = base.progression.map((p) =>
    p.round === 1 ? { ...p, votesPerVoter: 2, voteOut: 2 } : p,
  );
  const d = new Driver({ ...base, roles, progression });
  d.must({ type: "CastVote", at: local("12-02 18:00"), voter: 25, targets: [12, 13] });
  d.must({ type: "CastVote", at: local("12-02 19:00"), voter: 26, targets: [12, 13] });
  d.everyoneVotes(local("12-02 20:00"), (v) => (v === 12 || v === 13 ? [14, 15] : [12, 13]));
  d.tick(local("12-02 21:00:01"));
  return d;
}
