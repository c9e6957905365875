// summarize: the per-round report and result behind `bansha replay` (seats, not aliases: the runner maps them).
import type { GameSummary, HouseRound, RoundSummary, Seat, TieToReferee } from "./contract.ts";
import { contestedEndings, endingNow, endingRound } from "./end.ts";
import { houseOfSeat, housesOf } from "./houses.ts";
import { publishedRole } from "./night/bandit.ts";
import { isDayNight } from "./night/night.ts";
import { dayNightSummary } from "./night/points.ts";
import { roleById, roleOfSeat } from "./roles.ts";
import { scoreEndingAfterRound } from "./score/end.ts";
import { scoreSummary } from "./score/summary.ts";
import type { GameState, RoundState, VoteRecord } from "./state.ts";
import { rulesOf } from "./state.ts";
import { endWaitsOn } from "./what-if.ts";

const votes = (halves: number) => halves / 2;

export function summarize(state: GameState): GameSummary {
  const rounds: RoundSummary[] = [];
  const score = scoreSummary(state);
  for (const r of state.rounds) {
    if (!r) continue;
    // A round appears once something happened in it: a round that has only just opened has nothing to report.
    if (!r.closed && r.outs.length === 0 && r.revived.length === 0 && r.votes.length === 0) continue;
    const { outs, revived } = netChanges(r);
    const out: RoundSummary["out"] = outs.map((o) => {
      const role = roleOfSeat(state, o.seat);
      const points = score?.points(r.round, o.seat);
      const shown = publishedRole(state, o.seat);
      const published = shown !== role.id ? roleById(rulesOf(state), shown) : null;
      // The bomb's own out this round says how it went off: voted out, it took its 领票人; else it was posted on.
      const bombVoted = r.outs.some((x) => x.seat === o.by && x.cause === "vote");
      // 帖杀 in the release where its own post set a bomb off: out as 帖杀, but the bomb went off on it too.
      const alsoBomb =
        o.cause === "post" &&
        state.fireworks.some((f) => f.round === r.round && f.victim === o.seat && f.via === "post");
      return {
        seat: o.seat,
        role: role.id,
        camp: role.camp,
        cause: o.cause,
        ...(o.cause === "bomb" ? { via: bombVoted ? ("vote" as const) : ("post" as const) } : {}),
        ...(alsoBomb ? { alsoBomb: true as const } : {}),
        ...(o.cause === "vote" ? bombTookNobodyOf(state, r, o.seat) : {}),
        ...(score && o.cause === "vote" ? { outCode: outCodeOf(r, o.seat) } : {}),
        // 「…代号正确，分值归…」 can only be checked against the code: the score rule publishes it with the identity.
        ...(score && state.seats[o.seat]?.code ? { code: state.seats[o.seat]?.code as string } : {}),
        ...(points ? { points } : {}),
        ...(published ? { published: { role: published.id, camp: published.camp } } : {}),
        // Out and back before the post published it: naming the role would give away a living seat's identity.
        ...(r.closed && !state.seats[o.seat]?.revealed ? { unpublished: true as const } : {}),
        ...(o.night ? { night: true as const } : {}),
      };
    });
    const houses = housesOf(rulesOf(state)).map((house) => houseRound(state, r, house, out));
    const first = houses.find((h) => h.overtime !== null);
    const filled = houses.find((h) => h.tieFilled)?.tieFilled;
    rounds.push({
      round: r.round,
      out,
      revived: revived.map((seat) => {
        const why = r.revivedWhy?.[seat];
        return why ? { seat, why } : { seat };
      }),
      alive: aliveAfter(state, r.round),
      // 7kill: the day's post (第N天结果) counts the living before the night's dead (第N夜结果).
      ...(isDayNight(state) ? { dayAlive: aliveAfter(state, r.round, false) } : {}),
      tally: houses.flatMap((h) => h.tally),
      overtime: first?.overtime ?? null,
      ...(r.forfeited ? { forfeited: r.forfeited } : {}),
      ...(r.withdrawn ? { withdrawn: r.withdrawn } : {}),
      ...ballotlessOf(r),
      ...placesUnfilledOf(state, r),
      ...tieToRefereeOf(houses.find((h) => h.tieToReferee)),
      ...(filled ? { tieFilled: filled } : {}),
      ...(r.leadVoterDecisions ? { leadVoterToReferee: r.leadVoterDecisions } : {}),
      ...(r.voteOutAmended ? { voteOutAmended: r.voteOutAmended } : {}),
      ...(r.reinstated ? { postsReinstated: postsRuledOn(r, r.reinstated) } : {}),
      ...(r.iousAccepted ? { iousAccepted: postsRuledOn(r, r.iousAccepted) } : {}),
      ...(r.leadVoterAmended ? { leadVoterAmended: r.leadVoterAmended } : {}),
      ...(r.turnsAssigned ? { turnsAssigned: r.turnsAssigned } : {}),
      ...(!r.closed && state.status !== "ended" ? { running: true as const } : {}),
      ...(houses.length > 1 ? { houses } : {}),
      // A round the game ended in before its close (a camp wiped out by the posts) still tells whose its points were.
      ...(score && (r.closed || state.status === "ended") ? { scores: score.roundScores(r.round) } : {}),
    });
  }
  return {
    rounds,
    alliances: state.alliances.map((a) => ({ round: a.round, name: a.name })),
    result: {
      ended: state.status === "ended",
      winner: state.result?.winner ?? null,
      reason: state.result?.reason ?? null,
      why: state.result?.why ?? null,
      ...(state.status === "running" && state.endingToReferee
        ? { toReferee: { round: state.endingToReferee.round, candidates: state.endingToReferee.candidates } }
        : {}),
      ...endingWaitsOf(state),
      ...(score ? { scores: score.result } : {}),
    },
    ...dayNightPart(state),
  };
}

/**
 * The round's outs and revivals as the results post lists them, one line per seat and the counts adding up to the
 * round's net change: a seat that went out, came back and went out again (帖杀, revived by its poster's failed 白条,
 * then out for its own) is out once, by its last cause, and not revived; one revived, out and revived again is
 * revived once. A seat out and revived (or revived and out) keeps both lines, as before. Logs from before
 * `aliveChanges` was kept list every change.
 */
function netChanges(r: RoundState): { outs: RoundState["outs"]; revived: Seat[] } {
  const changes = r.aliveChanges;
  if (!changes) return { outs: r.outs, revived: r.revived };
  const first = new Map<Seat, boolean>();
  const last = new Map<Seat, boolean>();
  for (const c of changes) {
    if (!first.has(c.seat)) first.set(c.seat, c.out);
    last.set(c.seat, c.out);
  }
  // Between a seat's first and last change every out is undone by a revival and the other way round.
  const outs = r.outs.filter(
    (o, i) =>
      r.outs.findLastIndex((x) => x.seat === o.seat) === i &&
      (first.get(o.seat) !== false || last.get(o.seat) !== false),
  );
  const revived = r.revived.filter(
    (s, i) => r.revived.indexOf(s) === i && (first.get(s) !== true || last.get(s) !== true),
  );
  return { outs, revived };
}

/**
 * A bomb voted out that took no 领票人 (a voted-out bomb's line in the post would otherwise leave players to wonder): its
 * power over the vote had ended, it had gone off before, or none of its voters was left. Nothing while the referee
 * has yet to name the 领票人 (RULINGS 13's option).
 */
function bombTookNobodyOf(
  state: GameState,
  r: RoundState,
  seat: Seat,
): Pick<RoundSummary["out"][number], "bombTookNobody"> {
  const bomb = roleOfSeat(state, seat).bomb;
  if (!bomb?.takesLeadVoter) return {};
  const fired = state.fireworks.filter((f) => f.bomb === seat);
  if (fired.some((f) => f.round === r.round && f.via === "vote")) return {};
  if (r.leadVoterDecisions?.some((d) => d.bomb === seat)) return {};
  if (fired.some((f) => f.round < r.round)) return { bombTookNobody: { why: "spent" } };
  const through = bomb.votesThroughRound ?? bomb.activeThroughRound - 1;
  if (r.round > through) return { bombTookNobody: { why: "expired", through } };
  return { bombTookNobody: { why: "no-lead-voter" } };
}

/** An ending that holds but waits for a decision the referee has yet to make (settle.ts), while the game runs. */
export function endingWaitsOf(state: GameState): Pick<GameSummary["result"], "endingWaits"> {
  if (state.status !== "running" || state.endingToReferee) return {};
  // A score game's end deferred at a results post (ScoreEndDeferred) is what holds, as read there.
  const deferred = state.scoreEndDeferred;
  const held = deferred !== undefined ? scoreEndingAfterRound(state, deferred) : endingNow(state);
  const candidates = held ? [held] : contestedEndings(state);
  if (!candidates) return {};
  // What the end waits on (settle.ts), as the post and the 哨子台 should name it (a deferred end is a score game's).
  const open = endWaitsOn(state, 0, state.current);
  const on = open.map((d) => ({ kind: d.kind, round: d.round }));
  const unique = on.filter((d, i) => on.findIndex((x) => x.kind === d.kind && x.round === d.round) === i);
  if (unique.length === 0) return {};
  // Every candidate holds from the round of its last out on: the line goes on no results post published before that.
  const since = Math.max(...candidates.map((c) => endingRound(state, c.why) ?? state.current));
  return {
    endingWaits: {
      candidates: candidates.map((c) => ({ winner: c.winner, reason: c.reason, why: c.why })),
      on: unique,
      since,
    },
  };
}

/**
 * The tied who were no candidates of the overtime: out by the regular vote's close for another reason than it (a
 * non-voter's suicide at the close). Judged by when the seat went out, not by the round's outs: a duellist killed that
 * night, or a tied seat put out during the overtime, was a candidate all the same. Logs from before a vote kept its
 * closing instant name none.
 */
function goneFromTie(state: GameState, tied: readonly Seat[], regular: VoteRecord): { gone?: Seat[] } {
  const closedAt = regular.closesAt;
  if (closedAt === undefined) return {};
  const gone = tied.filter((s) => {
    const out = state.seats[s]?.out;
    return out != null && out.cause !== "vote" && out.at <= closedAt;
  });
  return gone.length > 0 ? { gone } : {};
}

/** One house's thread in a round (the only thread when the game has one house). */
function houseRound(state: GameState, r: RoundState, house: number, out: RoundSummary["out"]): HouseRound {
  const mine = r.votes.filter((v) => (v.house ?? 1) === house);
  const regular = mine.find((v) => v.stage === "regular");
  const overtime = mine.find((v) => v.stage === "overtime");
  const tb = house === 1 ? r.tieBreak : (r.houseTieBreaks?.[house] ?? null);
  const toReferee = tb?.referee;
  return {
    house,
    tally: (regular?.entries ?? []).map((e) => ({
      seat: e.seat,
      votes: votes(e.halves),
      ...(e.proxyVotes > 0 ? { proxy: e.proxyVotes } : {}),
      ...(e.halfVotes > 0 ? { half: e.halfVotes } : {}),
    })),
    // 两府制: a death belongs to the victim's house, whoever decided it (seed 000 "死亡人员在哪个票楼…").
    out: out.filter((o) => houseOfSeat(state, o.seat) === house),
    overtime: overtime
      ? {
          tied: regular?.tie?.seats ?? [],
          ...(regular ? goneFromTie(state, regular.tie?.seats ?? [], regular) : {}),
          // Seed 001 代投 「以让其他玩家清楚该玩家的投票情况」: the duel's proxies are marked as the day's are.
          tally: overtime.entries.map((e) => ({
            seat: e.seat,
            votes: votes(e.halves),
            ...(e.proxyVotes > 0 ? { proxy: e.proxyVotes } : {}),
            ...(e.halves > 0 ? { reachedAt: e.reachedAt } : {}),
          })),
          ...(toReferee ? { referee: toReferee } : {}),
          ...(overtime.voided?.length ? { voided: overtime.voided } : {}),
        }
      : null,
    ...(toReferee && !overtime ? { tieToReferee: toReferee } : {}),
    ...(tb?.rule === "tied-fill-places" ? { tieFilled: { tied: tb.tied, out: tb.out } } : {}),
  };
}

/**
 * Seats in after round `round`'s results: each seat's outs and revivals of that round and the ones before, in order.
 * Not the seats alive now: a seat out in round 1 and revived in round 2 was out after round 1 (「现存活N人」).
 * `night` false: without round `round`'s night outs (7kill's day post, published before dawn).
 */
function aliveAfter(state: GameState, round: number, night = true): number {
  const alive = state.seats.map(() => true);
  for (const r of state.rounds) {
    if (!r || r.round > round) continue;
    for (const c of r.aliveChanges ?? []) if (night || r.round < round || !c.night) alive[c.seat] = !c.out;
  }
  return alive.filter(Boolean).length;
}

function tieToRefereeOf(h: HouseRound | undefined): { tieToReferee?: TieToReferee } {
  return h?.tieToReferee ? { tieToReferee: h.tieToReferee } : {};
}

function dayNightPart(state: GameState): { dayNight?: Record<string, unknown> } {
  const dayNight = dayNightSummary(state);
  return dayNight ? { dayNight } : {};
}

/** The code the deciding ballots named for a voted-out seat: the overtime's where there was one, else the vote's. */
function outCodeOf(r: RoundState, seat: number): string | null {
  for (const v of [...r.votes].reverse()) {
    const code = v.outCodes[seat];
    if (code !== undefined) return code;
  }
  return null;
}

/**
 * The regular vote's 弃权, its void ballots (on players out since) and the living voters who cast nothing and did not
 * go out for it (a suicide is an out).
 */
/**
 * 票杀N人 with fewer than N seats voted for and nothing tied: the places stay empty (the seeds say nothing; everyone
 * must vote). The results post says so, rather than a referee having to count the names against the plan. Not for a
 * threshold (7kill's 40%) or 两府制, whose outs are not a fixed number of places.
 */
function placesUnfilledOf(state: GameState, r: RoundState): Pick<RoundSummary, "placesUnfilled"> {
  const rules = rulesOf(state);
  if (
    !r.closed ||
    isDayNight(state) ||
    rules.vote.threshold.kind !== "plurality" ||
    housesOf(rules).length > 1
  )
    return {};
  const regular = r.votes.find((v) => v.stage === "regular");
  if (!regular) return {};
  const short = r.plan.voteOut - regular.out.length - (regular.tie?.slots ?? 0);
  return short > 0 ? { placesUnfilled: short } : {};
}

function ballotlessOf(r: RoundState): Pick<RoundSummary, "abstained" | "notVoted" | "voided"> {
  const regular = r.votes.filter((v) => v.stage === "regular");
  const abstained = regular.flatMap((v) => v.abstainers);
  const voided = regular.flatMap((v) => v.voided ?? []);
  const suicides = new Set(r.outs.filter((o) => o.cause === "suicide").map((o) => o.seat));
  const notVoted = regular.flatMap((v) => v.nonVoters).filter((s) => !suicides.has(s));
  return {
    ...(abstained.length > 0 ? { abstained } : {}),
    ...(notVoted.length > 0 ? { notVoted } : {}),
    ...(voided.length > 0 ? { voided } : {}),
  };
}

/** Rulings on released posts of the round (恢复杀帖, 认定字数足够), each with the post's poster and target, as the results post names them. */
function postsRuledOn(
  r: RoundState,
  rulings: readonly { post: number; reason: string }[],
): { post: number; poster: Seat; target: Seat; reason: string }[] {
  return rulings.flatMap(({ post, reason }) => {
    const p = r.released?.find((x) => x.index === post);
    return p ? [{ post, poster: p.poster, target: p.target, reason }] : [];
  });
}
