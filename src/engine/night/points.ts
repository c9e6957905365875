// 7kill points per seat when the game ends (seed 001 2.2), and the report of the 7kill slice behind `bansha replay`.
import type { Seat } from "../contract.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import { conversionPath, countsAs, publishedRole } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import { penaltyJudged, warningsOf } from "./penalties.ts";

/**
 * "杀手方获胜，每名杀手将获得40分；秘匪转杀将获得40分 / 好人方获胜，每名警察将获得35分、秘匪开枪转民将获得30分，未开枪转民
 * 获得20分，每名水民获得20分。" Every seat of the winning side gets its role's reward, out or not; the seed lists none for
 * the doctor (0) and none for a draw. A player put out by penalties gets nothing ("该玩家也不会获得游戏奖励、分数"), and so
 * does one whose warnings reached the limit after it was already out (penaltyJudged).
 */
export function pointsPerSeat(state: GameState): { seat: Seat; points: number }[] | null {
  const rules = state.rules;
  const win = rules?.win;
  if (!rules || win?.kind !== "elimination" || state.status !== "ended") return null;
  const winner = state.result?.winner ?? null;
  return state.seats.map((s) => {
    if (winner === null || winner === "draw" || penaltyJudged(state, s.seat))
      return { seat: s.seat, points: 0 };
    if (roleById(rules, countsAs(state, s.seat)).camp !== winner) return { seat: s.seat, points: 0 };
    const path = conversionPath(state, s.role);
    const reward = win.rewards.find(
      (r) =>
        r.role === s.role &&
        (!r.ifConverted ||
          (path !== null &&
            path.became === r.ifConverted.became &&
            (r.ifConverted.used === undefined || r.ifConverted.used === path.used))),
    );
    return { seat: s.seat, points: reward?.points ?? 0 };
  });
}

const iso = (at: number) => new Date(at).toISOString();

/** The 7kill part of the game summary (seats, not aliases; the scenario runner names them). */
export function dayNightSummary(state: GameState): Record<string, unknown> | null {
  if (state.rules?.schedule.kind !== "day-night") return null;
  rulesOf(state);
  const dn = dayNightOf(state);
  const rounds = state.rounds.filter((r) => r !== undefined);
  return {
    days: rounds.map((r) => ({ round: r.round, opens: iso(r.openedAt), voteDeadline: iso(r.voteDeadline) })),
    nights: Object.values(dn.nights).map((n) => ({
      round: n.round,
      endsAt: iso(n.endsAt),
      // Dawn has come: the night's dead are out and its post (第N夜结果) can be written.
      resolved: n.resolved,
      protected: n.result?.protected ?? null,
      saved: n.result?.saved ?? [],
      emptyNeedle: n.result?.emptyNeedle ?? null,
    })),
    // "所有出局者公布身份，不公布死因": the identity each out seat was published with.
    published: state.seats
      .filter((s) => s.revealed)
      .map((s) => ({ seat: s.seat, role: publishedRole(state, s.seat) })),
    checks: dn.checks.map((c) => ({ round: c.round, seat: c.target, result: c.result })),
    bandit: dn.bandit
      ? {
          seat: dn.bandit.seat,
          became: dn.bandit.became,
          shot: dn.bandit.shot
            ? { round: dn.bandit.shot.round, seat: dn.bandit.shot.target, by: dn.bandit.shot.by }
            : null,
        }
      : null,
    lastWords: Object.values(dn.lastWords).map((l) => ({
      round: l.round,
      due: l.due,
      posted: l.posted,
      endsAt: iso(l.endsAt),
      endedAt: l.endedAt === null ? null : iso(l.endedAt),
    })),
    offences: dn.offences.map((o) => ({
      round: o.round,
      seat: o.seat,
      offence: o.offence,
      reasons: o.reasons,
      public: o.public,
      withdrawn: o.withdrawn,
    })),
    warnings: state.seats
      .map((s) => ({ seat: s.seat, count: warningsOf(state, s.seat) }))
      .filter((w) => w.count > 0),
    reputation: Object.entries(dn.reputation).map(([seat, points]) => ({ seat: Number(seat), points })),
    banned: dn.banned,
    points: pointsPerSeat(state),
  };
}
