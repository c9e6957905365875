// The replay's result as printed: the engine's GameSummary with seats mapped to aliases, plus the refusals.
import type {
  GameSummary,
  HouseScores,
  OutCause,
  ScorePoints,
  Seat,
  TieFilled,
  TieToReferee,
} from "../../engine/contract.ts";
import type { RevivedWhy } from "../../engine/state.ts";

export interface AliasTally {
  alias: string;
  /** May be a half, e.g. 10.5. */
  votes: number;
  proxy?: number;
  half?: number;
  /** Overtime rows: when the final count was reached (ISO 8601, UTC), for a seat with votes. */
  reachedAt?: string;
}

export interface RoundOutput {
  round: number;
  out: {
    alias: string;
    role: string;
    camp: string;
    cause: OutCause;
    points?: ScorePoints<string>;
  }[];
  /** Score rule: each camp's running score after the round, per house. */
  scores?: HouseScores[];
  revived: { alias: string; why?: RevivedWhy }[];
  alive: number;
  tally: AliasTally[];
  /**
   * `referee`: places the final tie-break left to the referee, among these aliases (absent when it decided), and
   * `decided`, whom the referee then put out (`decide-tie`).
   */
  overtime: {
    tied: string[];
    gone?: string[];
    tally: AliasTally[];
    referee?: AliasTieToReferee;
    voided?: string[];
  } | null;
  /** The same for a regular vote's tie when the rule set has no overtime. */
  tieToReferee?: AliasTieToReferee;
  /** A tie some of whose seats went out at the close: the living (`out`) took the places, with no overtime. */
  tieFilled?: { tied: string[]; out: string[] };
  /** leadVoter "referee": bombs voted out whose 领票人 the referee names among `voters`; `decided` once named. */
  leadVoterToReferee?: { bomb: string; voters: string[]; decided?: string }[];
  /** 改判票杀: whom the vote had put out, whom it puts out after the referee's ruling, and why. */
  voteOutAmended?: { previous: string[]; out: string[]; reason: string; house?: number }[];
  /** 改定领票人: a bomb of the round, the seat it had taken (or null), the one the referee named, and why. */
  leadVoterAmended?: { bomb: string; previous: string | null; leadVoter: string; reason: string }[];
  /** 指定出帖人: the unit, the seat whose turn it was, the member the referee gave it to, and why. */
  turnsAssigned?: { unit: string; from: string; to: string; reason: string }[];
  /** 恢复杀帖: a voided post of the round made to stand again, by its index, poster and target, and why. */
  postsReinstated?: { post: number; poster: string; target: string; reason: string }[];
  /** 认定字数足够: a 白条 of the round the referee accepted as a full post, by its index, poster and target, and why. */
  iousAccepted?: { post: number; poster: string; target: string; reason: string }[];
  /** The regular vote's 弃权, and living voters who cast nothing and were not put out for it. */
  abstained?: string[];
  notVoted?: string[];
  /** The round's vote (or its 加时) is still open: no results post yet. */
  running?: true;
  /** The regular vote's void ballots: each named only players out since it was cast. */
  voided?: string[];
  /** 两府制: each house's own thread (its tally, its dead, its overtime). */
  houses?: HouseOutput[];
}

export interface AliasTieToReferee {
  seats: string[];
  slots: number;
  reason: string;
  decided?: string[];
}

export interface HouseOutput {
  house: number;
  tally: AliasTally[];
  out: RoundOutput["out"];
  overtime: RoundOutput["overtime"];
  tieToReferee?: AliasTieToReferee;
  tieFilled?: RoundOutput["tieFilled"];
}

/** A command the engine refused, as the live game would refuse it. */
export interface RefusalOutput {
  /** 0-based index in `events`; -1 for the game's start, null for a deadline firing. */
  event: number | null;
  line: number | null;
  at: string;
  /** The event's key (`vote`, `post`…), `start` or `tick`. */
  kind: string;
  /** The acting alias, when the event has one. */
  by?: string;
  code: string;
  message: string;
  details?: Record<string, string | number | boolean | null>;
}

export interface ScenarioOutput {
  rounds: RoundOutput[];
  alliances: { round: number; name: string }[];
  result: GameSummary["result"];
  refusals: RefusalOutput[];
  /** 7kill: nights, checks, the bandit, last words, offences, points (seats named by alias). */
  dayNight?: unknown;
}

/** Seats become aliases; a substituted seat shows its latest alias. */
export function toAliases(
  summary: GameSummary,
  aliasOf: (seat: Seat) => string,
): Omit<ScenarioOutput, "refusals"> {
  const tallyRow = (t: { seat: Seat; votes: number; proxy?: number; half?: number }): AliasTally => ({
    alias: aliasOf(t.seat),
    votes: t.votes,
    ...(t.proxy !== undefined ? { proxy: t.proxy } : {}),
    ...(t.half !== undefined ? { half: t.half } : {}),
  });
  const pointsRow = ({ forces, ...p }: ScorePoints): ScorePoints<string> => ({
    ...p,
    ...(forces && {
      forces: forces.map(({ by, ...f }) => ({ ...f, ...(by !== undefined && { by: aliasOf(by) }) })),
    }),
  });
  // A ruling on one released post (恢复杀帖, 认定字数足够), its seats by alias.
  const postRow = (x: { post: number; poster: Seat; target: Seat; reason: string }) => ({
    ...x,
    poster: aliasOf(x.poster),
    target: aliasOf(x.target),
  });
  const outRow = ({ seat, points, ...rest }: GameSummary["rounds"][number]["out"][number]) => ({
    alias: aliasOf(seat),
    ...rest,
    // A 冲抵's forces name their posters and bombs by seat: the post names them by alias.
    ...(points && { points: pointsRow(points) }),
  });
  const refereeOf = ({ seats, slots, reason, decided }: TieToReferee): AliasTieToReferee => ({
    seats: seats.map(aliasOf),
    slots,
    reason,
    ...(decided ? { decided: decided.map(aliasOf) } : {}),
  });
  const filledOf = ({ tied, out }: TieFilled) => ({ tied: tied.map(aliasOf), out: out.map(aliasOf) });
  const overtimeOf = (overtime: GameSummary["rounds"][number]["overtime"]) =>
    overtime === null
      ? null
      : {
          tied: overtime.tied.map(aliasOf),
          ...(overtime.gone && { gone: overtime.gone.map(aliasOf) }),
          // 先到先出 turns on when each count was reached: the overtime's rows say it (UTC, as refusals' `at`).
          tally: overtime.tally.map((t) => ({
            ...tallyRow(t),
            ...(t.reachedAt !== undefined && { reachedAt: new Date(t.reachedAt).toISOString() }),
          })),
          ...(overtime.referee && { referee: refereeOf(overtime.referee) }),
          ...(overtime.voided && { voided: overtime.voided.map(aliasOf) }),
        };
  // Fields the engine adds beyond the contract (e.g. the score rule's points) pass through unchanged.
  return {
    rounds: summary.rounds.map(
      ({
        round,
        out,
        revived,
        alive,
        tally,
        overtime,
        tieToReferee,
        tieFilled,
        leadVoterToReferee,
        voteOutAmended,
        postsReinstated,
        iousAccepted,
        leadVoterAmended,
        turnsAssigned,
        houses,
        abstained,
        notVoted,
        voided,
        ...extra
      }) => ({
        round,
        out: out.map(outRow),
        revived: revived.map((v) => ({ alias: aliasOf(v.seat), ...(v.why && { why: v.why }) })),
        alive,
        tally: tally.map(tallyRow),
        overtime: overtimeOf(overtime),
        ...(tieToReferee ? { tieToReferee: refereeOf(tieToReferee) } : {}),
        ...(tieFilled ? { tieFilled: filledOf(tieFilled) } : {}),
        ...(leadVoterToReferee
          ? {
              leadVoterToReferee: leadVoterToReferee.map((d) => ({
                bomb: aliasOf(d.bomb),
                voters: d.voters.map(aliasOf),
                ...(d.decided !== undefined ? { decided: aliasOf(d.decided) } : {}),
              })),
            }
          : {}),
        ...(voteOutAmended
          ? {
              voteOutAmended: voteOutAmended.map((a) => ({
                ...a,
                previous: a.previous.map(aliasOf),
                out: a.out.map(aliasOf),
              })),
            }
          : {}),
        ...(postsReinstated ? { postsReinstated: postsReinstated.map(postRow) } : {}),
        ...(iousAccepted ? { iousAccepted: iousAccepted.map(postRow) } : {}),
        ...(leadVoterAmended
          ? {
              leadVoterAmended: leadVoterAmended.map((x) => ({
                bomb: aliasOf(x.bomb),
                previous: x.previous === null ? null : aliasOf(x.previous),
                leadVoter: aliasOf(x.leadVoter),
                reason: x.reason,
              })),
            }
          : {}),
        ...(turnsAssigned
          ? {
              turnsAssigned: turnsAssigned.map((x) => ({
                unit: x.unit,
                from: aliasOf(x.from),
                to: aliasOf(x.to),
                reason: x.reason,
              })),
            }
          : {}),
        ...(abstained ? { abstained: abstained.map(aliasOf) } : {}),
        ...(notVoted ? { notVoted: notVoted.map(aliasOf) } : {}),
        ...(voided ? { voided: voided.map(aliasOf) } : {}),
        ...extra,
        ...(houses
          ? {
              houses: houses.map((h) => ({
                house: h.house,
                tally: h.tally.map(tallyRow),
                out: h.out.map(outRow),
                overtime: overtimeOf(h.overtime),
                ...(h.tieToReferee ? { tieToReferee: refereeOf(h.tieToReferee) } : {}),
                ...(h.tieFilled ? { tieFilled: filledOf(h.tieFilled) } : {}),
              })),
            }
          : {}),
      }),
    ),
    alliances: summary.alliances.map((a) => ({ round: a.round, name: a.name })),
    result: { ...summary.result },
    ...(summary.dayNight ? { dayNight: named(summary.dayNight, aliasOf) } : {}),
  };
}

/** 7kill's report: `seat` becomes `alias`; seat lists and single seats under these keys become aliases. */
const SEAT_LISTS = new Set(["due", "posted", "banned", "saved"]);

function named(value: unknown, aliasOf: (seat: Seat) => string, key = ""): unknown {
  if (Array.isArray(value)) {
    return SEAT_LISTS.has(key)
      ? value.map((s) => (typeof s === "number" ? aliasOf(s) : s))
      : value.map((v) => named(v, aliasOf));
  }
  if (value === null || typeof value !== "object") {
    return key === "protected" && typeof value === "number" ? aliasOf(value) : value;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "seat" && typeof v === "number") out.alias = aliasOf(v);
    else out[k] = named(v, aliasOf, k);
  }
  return out;
}
