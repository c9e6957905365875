// Says each event of a game's log as one plain Chinese sentence, for the referee's full log (哨子台 · 完整日志).
import { CAMP, endingText } from "../../../src/engine/ending-text.ts";
import type { EndingWhy } from "../../../src/engine/events.ts";
import type { GameEventDto, GameView, SeatNo } from "../../../src/server/api-types.ts";
import { siteTimeZone } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";
import { clock } from "../lib/format.ts";

/** The names a log line shows instead of ids. */
export interface LogNames {
  /** Seat → its alias now (a substitute's new one). */
  seats: ReadonlyMap<SeatNo, string>;
  /** Posting units (groups, merged groups, `role:<id>`) → name, as in `GameView.unitNames`. */
  units: Readonly<Record<string, string>>;
  /** Role id → name (杀手, 游侠…). */
  roles: Readonly<Record<string, string>>;
  /** Room id → name (杀手小黑屋…). */
  rooms: Readonly<Record<string, string>>;
  /** Camp id → name: the rule set's `campNames` (7kill: 杀手方 / 好人方) over 黑道 / 白道 / 中立. */
  camps: Readonly<Record<string, string>>;
  /** A day-night rule set (7kill): rounds read 第N天. */
  dayNight: boolean;
  /** Whether any role posts kill posts; without, a round's posting deadline only opens its vote. */
  killPosts: boolean;
  /** The rule set's name (风云场…) once the game has started; the log's creation line names it, not its id. */
  rulesName?: string;
}

type Data = Record<string, unknown>;

const isData = (v: unknown): v is Data => typeof v === "object" && v !== null && !Array.isArray(v);

/** `id → name` pairs of a rule set's list (roles, rooms, groups), skipping anything malformed. */
function namesOf(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const x of list)
    if (isData(x) && typeof x.id === "string" && typeof x.name === "string") out[x.id] = x.name;
  return out;
}

/**
 * The names for the log: the view's seats and units, and what GameStarted's rule set adds (role and room names,
 * the aliases seats started with). The view wins where both have a name: it knows substitutes.
 */
export function logNames(
  view: Pick<GameView, "seats" | "unitNames"> | null,
  events: readonly GameEventDto[],
): LogNames {
  const started = events.find((e) => e.type === "GameStarted")?.data;
  const rules = isData(started?.rules) ? started.rules : {};
  const seats = new Map<SeatNo, string>();
  if (Array.isArray(started?.seats))
    started.seats.forEach((s, i) => {
      if (isData(s) && typeof s.alias === "string") seats.set(i, s.alias);
    });
  const roles = namesOf(rules.roles);
  for (const s of view?.seats ?? []) {
    seats.set(s.seat, s.alias);
    if (s.role && s.roleName) roles[s.role] = s.roleName;
  }
  const camps: Record<string, string> = {};
  if (isData(rules.campNames))
    for (const [id, name] of Object.entries(rules.campNames)) if (typeof name === "string") camps[id] = name;
  const schedule = isData(rules.schedule) ? rules.schedule : {};
  const roleList = Array.isArray(rules.roles) ? rules.roles : [];
  return {
    seats,
    units: { ...namesOf(rules.groups), ...(view?.unitNames ?? {}) },
    roles,
    rooms: namesOf(rules.rooms),
    camps,
    dayNight: schedule.kind === "day-night",
    // Unknown rules (an old log without them) read as a game with kill posts, as before.
    killPosts: roleList.length === 0 || roleList.some((x) => isData(x) && x.post !== undefined),
    ...(typeof rules.name === "string" && { rulesName: rules.name }),
  };
}

/**
 * Thrown by the readers below when a field is missing or of the wrong type, so each case can read its fields
 * plainly; describeEvent catches it and returns "" (the page then shows the raw data).
 */
class Unreadable extends Error {}

function need<T>(v: T | undefined): T {
  if (v === undefined) throw new Unreadable();
  return v;
}

const asNum = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
const asStr = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const asBool = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : undefined);
const asSeats = (v: unknown): number[] | undefined =>
  Array.isArray(v) && v.every((x) => asNum(x) !== undefined) ? (v as number[]) : undefined;

/** Field readers over one event's data: required ones throw Unreadable, optional ones give null. */
function reader(d: Data) {
  return {
    num: (k: string) => need(asNum(d[k])),
    str: (k: string) => need(asStr(d[k])),
    bool: (k: string) => need(asBool(d[k])),
    seats: (k: string) => need(asSeats(d[k])),
    data: (k: string) => need(isData(d[k]) ? d[k] : undefined),
    list: (k: string) => need(Array.isArray(d[k]) ? (d[k] as unknown[]) : undefined),
    /** Absent and null read as null; any other type is unreadable. */
    optNum: (k: string) => (d[k] === undefined || d[k] === null ? null : need(asNum(d[k]))),
    optStr: (k: string) => (d[k] === undefined || d[k] === null ? null : need(asStr(d[k]))),
    optBool: (k: string) => (d[k] === undefined || d[k] === null ? null : need(asBool(d[k]))),
  };
}
type Reader = ReturnType<typeof reader>;

const dayOf = (ms: number) =>
  new Intl.DateTimeFormat("zh-CN", { timeZone: siteTimeZone(), month: "numeric", day: "numeric" }).format(
    new Date(ms),
  );

/** A time as HH:MM:SS, with its date ("12/4 21:00:00") when it falls on another day than the event. */
function timeFrom(eventAt: number) {
  const today = dayOf(eventAt);
  return (ms: number) => {
    const day = dayOf(ms);
    return day === today ? clock(ms) : `${day} ${clock(ms)}`;
  };
}

/** A long free text (room talk, a complaint) cut short: the raw data beside the line keeps all of it. */
function short(text: string, max = 60): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("");
}

/** Helpers bound to one event: seats, lists, units, times. */
function context(e: GameEventDto, names: LogNames) {
  const seat = (n: number) => m.log.seat(n, names.seats.get(n) ?? null);
  const seats = (ns: readonly number[]) => (ns.length > 0 ? m.app.list(ns.map(seat)) : m.log.nobody);
  /** A seat the viewer's feed left out (null: another's kill post before the end) reads as unnamed, never "null". */
  const poster = (n: number | null) => (n === null ? m.log.hiddenPoster : seat(n));
  const unit = (id: string) => names.units[id] ?? id;
  const role = (id: string) => names.roles[id] ?? m.night.roleName(id);
  const house = (r: Reader) => {
    const h = r.optNum("house");
    return h === null ? "" : m.log.house(m.vote.house(h));
  };
  const round = (n: number) => m.board.round(n, names.dayNight);
  const camp = (id: string) => m.board.camp(id, names.camps);
  return { seat, seats, poster, unit, role, house, round, camp, names, time: timeFrom(e.at) };
}
type Ctx = ReturnType<typeof context>;

/** A unit → count record as "联合杀手2篇、剑1篇" items, zero counts left out. */
function unitCounts(v: unknown, c: Ctx): string[] {
  if (v === undefined || v === null) return [];
  if (!isData(v)) throw new Unreadable();
  return Object.entries(v).flatMap(([id, n]) => {
    const count = need(asNum(n));
    return count > 0 ? [m.log.unitPosts(c.unit(id), count)] : [];
  });
}

/** A round's plan (or the changed parts of one) as "每人2票，票杀1人，出帖 联合杀手2篇". */
function planText(p: Data, c: Ctx): string {
  const r = reader(p);
  const votes = r.optNum("votesPerVoter");
  const out = r.optNum("voteOut");
  const posts = unitCounts(p.posts, c);
  const extra = unitCounts(p.extraPosts, c);
  return [
    votes === null ? "" : m.log.votesPerVoter(votes),
    out === null ? "" : m.log.voteOut(out),
    posts.length > 0 ? m.log.posts(posts) : "",
    extra.length > 0 ? m.log.extraPosts(extra) : "",
  ]
    .filter((x) => x !== "")
    .join(m.log.comma);
}

/** The targets of a ballot, each with its code guess (代号) where there is one. */
function ballotTargets(r: Reader, d: Data, c: Ctx): string {
  const codes = Array.isArray(d.codes) ? d.codes : [];
  return m.app.list(
    r.seats("targets").map((t, i) => {
      const code = asStr(codes[i]);
      return code ? m.log.withCode(c.seat(t), code) : c.seat(t);
    }),
  );
}

/** What a ruling did, or "" for a ruling this page does not know. */
function overrideText(o: Data, c: Ctx): string {
  const r = reader(o);
  switch (r.str("action")) {
    case "eliminate":
      return m.log.eliminate(c.seat(r.num("target")));
    case "revive":
      return m.log.revive(c.seat(r.num("target")));
    case "decide-tie":
      return m.log.decideTie(c.round(r.num("round")), c.seats(r.seats("out")));
    case "amend-vote-out": {
      const names = (key: string) => {
        const seats = r.seats(key);
        return seats.length > 0 ? c.seats(seats) : m.log.nobody;
      };
      return m.log.amendVoteOut(c.round(r.num("round")), names("previous"), names("out"));
    }
    case "amend-lead-voter": {
      const previous = r.optNum("previous");
      return m.log.amendLeadVoter(
        c.round(r.num("round")),
        c.seat(r.num("bomb")),
        previous === null ? m.log.nobody : c.seat(previous),
        c.seat(r.num("leadVoter")),
      );
    }
    case "assign-turn": {
      // The seat given the turn gets the ruling without whose it was, the seat whose it was without who took it
      // (view.ts); nobody else gets it.
      const unit = c.unit(r.str("unit"));
      const from = r.optNum("from");
      const to = r.optNum("seat");
      if (from !== null && to !== null) return m.log.assignTurn(unit, c.seat(from), c.seat(to));
      if (to !== null) return m.log.assignTurnTo(unit, c.seat(to));
      return m.log.assignTurnFrom(unit, c.seat(r.num("from")));
    }
    case "accept-iou": {
      // As for 恢复杀帖: a player other than the poster gets the ruling without the poster (view.ts).
      const poster = r.optNum("poster");
      const post = m.log.post(r.num("round"), r.num("post"));
      const target = c.seat(r.num("target"));
      return poster === null
        ? m.log.acceptIouHidden(post, target)
        : m.log.acceptIou(post, c.seat(poster), target);
    }
    case "reinstate-post": {
      // A player other than the poster gets the ruling without the poster (view.ts), as for 作废杀帖.
      const poster = r.optNum("poster");
      const post = m.log.post(r.num("round"), r.num("post"));
      const target = c.seat(r.num("target"));
      return poster === null
        ? m.log.reinstatePostHidden(post, target)
        : m.log.reinstatePost(post, c.seat(poster), target);
    }
    case "decide-lead-voter":
      return m.log.decideLeadVoter(
        c.round(r.num("round")),
        c.seat(r.num("bomb")),
        c.seat(r.num("leadVoter")),
      );
    case "set-progression":
      return m.log.setProgression(c.round(r.num("round")), planText(o, c));
    case "extend":
      return m.log.extend(m.board.deadline(r.str("deadline"), c.names.dayNight), c.time(r.num("until")));
    case "void-vote":
      return m.log.voidVote(c.seat(r.num("voter")));
    case "void-post": {
      const poster = r.optNum("poster");
      return poster === null ? m.log.voidPostHidden : m.log.voidPost(c.seat(poster));
    }
    case "end-game": {
      const winner = m.board.winner(r.str("winner"), c.names.camps);
      // `previous` is set (a result or null) only on a ruling made after the game had ended.
      return "previous" in o
        ? m.log.amendResult(m.board.winner(r.optStr("previous"), c.names.camps), winner)
        : m.log.endGame(winner);
    }
    case "invalid-vote":
      return m.log.invalidVote(c.seat(r.num("voter")));
    case "warn": {
      const offence = r.str("offence");
      return m.log.warn(
        c.seat(r.num("target")),
        m.referee.offenceKinds[offence] ?? offence,
        r.optBool("severe") === true,
      );
    }
    case "excuse":
      return m.log.excuse(c.seat(r.num("target")), c.round(r.num("round")));
    case "withdraw-warning": {
      const offence = r.str("offence");
      return m.log.withdrawWarning(
        c.seat(r.num("target")),
        c.round(r.num("round")),
        m.referee.offenceKinds[offence] ?? offence,
      );
    }
    case "reputation":
      return m.log.reputation(c.seat(r.num("target")), r.num("points"));
    default:
      return "";
  }
}

/** Why the game ended in Chinese (the engine's endingText), or null when `why` is absent or not one it knows. */
/** Why a game ended (or could end), said in Chinese with the game's role and camp names; null when unreadable. */
export function endingOf(v: unknown, names: Pick<LogNames, "roles" | "camps">): string | null {
  if (!isData(v)) return null;
  const r = reader(v);
  const strings = (k: string) => {
    const x = r.list(k);
    return x.every((s) => typeof s === "string") ? (x as string[]) : need<string[]>(undefined);
  };
  const camp = (k: string) => {
    const x = r.str(k);
    return x === "black" || x === "white" ? x : need<"black" | "white">(undefined);
  };
  let why: EndingWhy;
  try {
    switch (r.str("kind")) {
      case "all-out":
        why = { kind: "all-out", roles: strings("roles"), camps: strings("camps") };
        break;
      case "camp-wiped-out":
        why = { kind: "camp-wiped-out", camp: camp("camp") };
        break;
      case "progression-ended":
        why = { kind: "progression-ended", round: r.num("round") };
        break;
      case "referee":
        why = { kind: "referee", reason: r.str("reason") };
        break;
      case "decided-early":
        why = {
          kind: "decided-early",
          round: r.num("round"),
          leader: camp("leader"),
          trailing: camp("trailing"),
          best: r.str("best"),
          guaranteed: r.str("guaranteed"),
        };
        break;
      default:
        return null;
    }
  } catch {
    // A malformed reason still leaves the result worth saying.
    return null;
  }
  return endingText(why, names.roles, { ...CAMP, ...names.camps });
}

/** "3:day" (a 7kill thread key) or "day-3" / "general" (a discussion thread id) → 第3天讨论帖. */
function threadName(id: string): string {
  if (id === "general") return m.discussion.threadName("general", null);
  const key = /^(\d+):(day|duel)$/.exec(id);
  if (key) return m.discussion.threadName(key[2]!, Number(key[1]));
  const ref = /^(round|day|duel|last-words)-(\d+)$/.exec(id);
  if (ref) return m.discussion.threadName(ref[1]!, Number(ref[2]));
  return id;
}

function describe(e: GameEventDto, names: LogNames): string {
  const d = e.data;
  const r = reader(d);
  const c = context(e, names);
  switch (e.type) {
    // ------------------------------------------------------------ the engine's events
    case "GameStarted": {
      // The rule set is in the raw data; the line only names it.
      const rules = isData(d.rules) ? asStr(d.rules.name) : undefined;
      // A fixed deal says seed null; a viewer not shown the seed gets none at all, and is told nothing of the deal.
      return m.log.gameStarted(
        rules ?? null,
        r.list("seats").length,
        "seed" in d ? r.optStr("seed") : undefined,
        c.time(r.num("start")),
        c.round(1),
      );
    }
    case "RoundOpened": {
      const plan = r.data("plan");
      const hasPosts = unitCounts(plan.posts, c).length + unitCounts(plan.extraPosts, c).length > 0;
      const posting = hasPosts
        ? m.log.span(c.time(r.num("postingOpensAt")), c.time(r.num("postingClosesAt")))
        : null;
      return m.log.roundOpened(
        c.round(r.num("round")),
        planText(plan, c),
        c.names.killPosts ? posting : undefined,
        c.time(r.num("voteDeadline")),
      );
    }
    case "VoteOpened":
      return m.log.voteOpened(c.round(r.num("round")), c.house(r));
    case "VoteCast": {
      const voter = c.seat(r.num("voter"));
      const mark = (r.str("stage") === "overtime" ? m.log.overtimeMark : "") + c.house(r);
      const abstain = r.seats("targets").length === 0;
      if (r.bool("proxy"))
        return abstain
          ? m.log.proxyAbstain(voter, mark)
          : m.log.proxyVote(voter, ballotTargets(r, d, c), mark);
      return abstain ? m.log.abstain(voter, mark) : m.log.vote(voter, ballotTargets(r, d, c), mark);
    }
    case "KillPostSubmitted": {
      const [unit, poster, target] = [
        c.unit(r.str("unit")),
        c.seat(r.num("poster")),
        c.seat(r.num("target")),
      ];
      const line =
        r.str("kind") === "engineer"
          ? m.log.engineerPost(unit, poster, target, r.num("words"))
          : m.log.killPost(unit, poster, target, r.num("words"), r.optStr("code"));
      // 录入杀帖 (the event names the referee since the thirty-second session).
      return withEntry(line, r.optStr("referee"));
    }
    case "PostsReleased": {
      const posts = r.list("posts").map((p) => {
        const pr = reader(isData(p) ? p : need<Data>(undefined));
        return { iou: pr.bool("iou"), lapsed: pr.optStr("lapsed") };
      });
      const count = (f: (p: (typeof posts)[number]) => boolean) => posts.filter(f).length;
      const notes = [
        [count((p) => p.iou), m.log.releasedIous] as const,
        [count((p) => p.lapsed === "target-out"), m.log.lapsedTargetOut] as const,
        [count((p) => p.lapsed === "voided"), m.log.lapsedVoided] as const,
      ].flatMap(([n, say]) => (n > 0 ? [say(n)] : []));
      const forfeited = unitCounts(d.forfeited, c);
      const withdrawn = unitCounts(d.withdrawn, c);
      if (!c.names.killPosts && posts.length === 0) return m.log.noKillPosts(c.round(r.num("round")));
      return (
        m.log.postsReleased(c.round(r.num("round")), posts.length, notes) +
        (forfeited.length > 0 ? m.log.forfeited(forfeited) : "") +
        (withdrawn.length > 0 ? m.log.withdrawn(withdrawn) : "") +
        (posts.length > 0
          ? m.log.releaseDeadlines(c.time(r.num("iouDeadline")), c.time(r.num("complaintDeadline")))
          : "")
      );
    }
    case "IouOpened":
      return m.log.iouOpened(
        m.log.post(r.num("round"), r.num("post")),
        c.poster(r.optNum("poster")),
        c.seat(r.num("target")),
        c.time(r.num("deadline")),
      );
    case "IouCompleted":
      return m.log.iouCompleted(
        m.log.post(r.num("round"), r.num("post")),
        c.poster(r.optNum("poster")),
        r.num("words"),
      );
    case "IouFailed":
      return m.log.iouFailed(
        m.log.post(r.num("round"), r.num("post")),
        c.seat(r.num("poster")),
        c.seat(r.num("target")),
      );
    case "ComplaintUpheld":
      return m.log.complaintUpheld(
        m.log.post(r.num("round"), r.num("post")),
        c.seat(r.num("poster")),
        c.seat(r.num("target")),
        m.log.because(r.optStr("reason")),
      );
    case "ComplaintFiled": {
      const line = m.log.complaintPending(m.log.post(r.num("round"), r.num("post")), c.seat(r.num("poster")));
      // 录入举报: when the 哨群 took it in, which the window was judged by (who entered it: the signature after).
      const received = r.optNum("receivedAt");
      return received === null ? line : `${line}${m.log.complaintReceived(c.time(received))}`;
    }
    case "ComplaintDismissed":
      return m.log.complaintDismissed(
        m.log.post(r.num("round"), r.num("post")),
        c.poster(r.optNum("poster")),
        m.log.because(r.optStr("reason")),
      );
    case "ComplaintRuledIou":
      return m.log.complaintRuledIou(
        m.log.post(r.num("round"), r.num("post")),
        c.poster(r.optNum("poster")),
        c.seat(r.num("target")),
        m.log.because(r.optStr("reason")),
      );
    case "ComplaintWindowClosed":
      return m.log.complaintWindowClosed(r.num("round"));
    case "PlayerOut": {
      // Null where the rules publish no causes (7kill): the viewer's feed leaves cause and actor out.
      const cause = r.optStr("cause");
      const by = r.optNum("by");
      const post = r.optNum("post");
      const details = [
        cause === null ? "" : m.board.outCause(cause),
        by === null || cause === null ? "" : m.log.outBy(cause, c.seat(by)),
        post === null ? "" : m.log.post(r.num("round"), post),
      ].filter((x) => x !== "");
      // Whether the seat still votes matters for the round it went out in, not for a vote that just closed.
      const vote =
        cause === "vote" || cause === null
          ? ""
          : r.optBool("halfVote") === true
            ? m.log.keepsHalfVote
            : r.optBool("keepsVote") === false
              ? m.log.losesVote
              : "";
      return m.log.playerOut(c.seat(r.num("seat")), details, vote);
    }
    case "PostOutRejudged": {
      // The viewer's feed leaves out whose post it is (null) unless it is the viewer's own.
      const by = r.optNum("by");
      const vote = r.bool("halfVote") ? m.log.keepsHalfVote : r.bool("keepsVote") ? "" : m.log.losesVote;
      return m.log.postOutRejudged(
        c.seat(r.num("seat")),
        m.log.post(r.num("round"), r.num("post")),
        by === null ? m.log.hiddenPoster : m.log.outBy("post", c.seat(by)),
        vote,
      );
    }
    case "PlayerRevived":
      return m.log.revived(c.seat(r.num("seat")), r.str("reason"));
    case "BombFired":
      return m.log.bombFired(c.seat(r.num("bomb")), c.seat(r.num("victim")), r.str("via"));
    case "PostFiringVoided":
      return m.log.postFiringVoided(c.seat(r.num("bomb")), c.seat(r.num("victim")));
    case "EndingLeftToReferee":
      return m.log.endingLeft(
        c.round(r.num("round")),
        m.referee.endingChoices(
          r
            .list("candidates")
            .filter(isData)
            .map((x) =>
              m.referee.endingChoice(
                m.board.winner(reader(x).optStr("winner"), names.camps),
                endingOf(x.why, names) ?? "",
              ),
            ),
        ),
      );
    case "EndingContestWithdrawn":
      return m.log.endingWithdrawn(c.round(r.num("round")));
    case "ScoreEndDeferred": {
      const round = r.optNum("round");
      return round === null ? m.log.scoreEndRead : m.log.scoreEndDeferred(c.round(round));
    }
    case "LeadVoterLeftToReferee":
      return m.log.leadVoterLeft(c.round(r.num("round")), c.seat(r.num("bomb")), c.seats(r.seats("voters")));
    case "IdentityRevealed":
      return m.log.identity(c.seat(r.num("seat")), c.role(r.str("role")), r.optStr("code"));
    case "VoteClosed": {
      const votes = new Map<number, number>();
      for (const x of r.list("entries")) {
        const er = reader(isData(x) ? x : need<Data>(undefined));
        votes.set(er.num("seat"), er.num("halves") / 2);
      }
      const outCodes = isData(d.outCodes) ? d.outCodes : {};
      const withVotes = (s: number) => {
        const n = votes.get(s);
        const label = n === undefined ? c.seat(s) : m.log.votes(c.seat(s), n);
        const code = asStr(outCodes[String(s)]);
        return code ? m.log.withCode(label, code) : label;
      };
      const out = r.seats("out");
      const tie = d.tie === null || d.tie === undefined ? null : reader(r.data("tie"));
      const result = [
        out.length > 0 ? m.log.outList(m.app.list(out.map(withVotes)), m.board.outCause("vote")) : "",
        tie ? m.log.tie(m.app.list(tie.seats("seats").map(withVotes)), tie.num("slots")) : "",
      ].filter((x) => x !== "");
      const nonVoters = asSeats(d.nonVoters) ?? [];
      const notes = [
        r.optBool("halfVotesApplied") === true ? m.log.halfVotesApplied : "",
        nonVoters.length > 0 ? m.log.nonVoters(c.seats(nonVoters)) : "",
      ].filter((x) => x !== "");
      return m.log.voteClosed(
        c.round(r.num("round")),
        r.str("stage") === "overtime",
        c.house(r),
        result.length > 0 ? result.join(m.log.semicolon) : m.log.nobodyOut,
        notes,
      );
    }
    case "OvertimeOpened":
      return m.log.overtimeOpened(
        c.round(r.num("round")),
        c.house(r),
        c.seats(r.seats("tied")),
        r.num("slots"),
        c.time(r.num("deadline")),
      );
    case "TieBroken": {
      const out = r.seats("out");
      const ref = d.referee === null || d.referee === undefined ? null : reader(r.data("referee"));
      const outText =
        out.length > 0 ? m.log.outList(c.seats(out), m.board.outCause("vote")) : m.log.nobodyOut;
      return (
        m.log.tieBroken(c.round(r.num("round")), c.house(r), m.log.tieRule(r.str("rule")), outText) +
        (ref ? m.log.tieToReferee(c.seats(ref.seats("seats")), ref.num("slots"), ref.str("reason")) : "")
      );
    }
    case "RoundClosed":
      return m.log.roundClosed(c.round(r.num("round")), r.num("alive"));
    case "AllianceFormed":
      return m.log.allianceFormed(r.num("round"), r.str("name"));
    case "OverrideApplied": {
      const o = r.data("override");
      if (o.action === "substitute") {
        // Its own line, not 「哨子改判」: the seat by number (its label would carry the new alias already), the alias
        // it leaves (absent on events stored before the engine named it), the new one, and why.
        const s = reader(o);
        return m.log.substitute(
          m.app.seat(s.num("seat")),
          s.optStr("previous"),
          s.str("alias"),
          r.str("reason"),
        );
      }
      // A missed 报道 redo is the timer's, not a referee's choice (RULINGS 24 「视为自杀」): said as what it is.
      if (o.action === "eliminate" && o.missedRedo === true)
        return m.log.missedRedo(c.seat(reader(o).num("target")));
      const what = overrideText(o, c);
      return what ? m.log.override(r.str("reason"), what) : "";
    }
    case "GameEnded":
      return m.log.gameEnded(m.board.winner(r.optStr("winner"), names.camps), endingOf(d.why, names));
    case "IouExtensionGranted": {
      const camp = r.str("camp");
      // Empty for others: who asked would reveal a swordsman.
      const by = r.seats("requestedBy");
      return m.log.iouExtension(
        r.num("round"),
        c.camp(camp),
        by.length > 0 ? c.seats(by) : null,
        c.time(r.num("voteDeadline")),
        m.log.because(r.optStr("reason")),
      );
    }
    // ------------------------------------------------------------ 7kill: nights, the bandit, last words, offences
    case "NightOpened":
      return m.log.nightOpened(r.num("round"), c.time(r.num("endsAt")));
    case "AbilityUsed": {
      const target = r.optNum("target");
      return withEntry(
        m.log.abilityUsed(
          r.num("round"),
          c.seat(r.num("seat")),
          m.night.ability(r.str("ability")),
          target === null ? null : c.seat(target),
        ),
        r.optStr("referee"),
      );
    }
    case "BanditShot":
      // Others learn of a day shot, not who fired it nor at whom (the target's out is its own line).
      if (d.seat === undefined && d.target === undefined && d.by === "day") return m.log.banditShotDay;
      return withEntry(
        m.log.banditShot(c.seat(r.num("seat")), c.seat(r.num("target")), r.str("by") === "day"),
        r.optStr("referee"),
      );
    case "BanditConverted":
      return m.log.banditConverted(c.seat(r.num("seat")), c.role(r.str("became")), r.bool("used"));
    case "NightResolved": {
      const [kill, shot, saved] = [r.optNum("kill"), r.optNum("shot"), r.seats("saved")];
      const guarded = r.optNum("protected");
      const needle =
        d.emptyNeedle === null || d.emptyNeedle === undefined ? null : reader(r.data("emptyNeedle"));
      const parts = [
        kill === null ? m.log.nightNoKill : m.log.nightKill(c.seat(kill)),
        shot === null ? "" : m.log.nightShot(c.seat(shot)),
        guarded === null ? "" : m.log.nightProtected(c.seat(guarded)),
        saved.length > 0 ? m.log.nightSaved(c.seats(saved)) : "",
        needle ? m.log.emptyNeedle(c.seat(needle.num("seat")), needle.num("count")) : "",
      ].filter((x) => x !== "");
      return m.log.nightResolved(r.num("round"), parts);
    }
    case "CheckResult":
      return m.night.checkLine(r.num("round"), c.seat(r.num("target")), r.str("result") === "killer");
    case "LastWordsOpened": {
      const due = r.seats("due");
      return m.log.lastWordsOpened(
        m.discussion.threadName("last-words", r.num("round")),
        due.length > 0 ? c.seats(due) : null,
        c.time(r.num("endsAt")),
      );
    }
    case "LastWordsPosted":
      return m.log.lastWordsPosted(c.seat(r.num("seat")));
    case "LastWordsEnded":
      return m.log.lastWordsEnded(m.discussion.threadName("last-words", r.num("round")), r.bool("early"));
    case "DiscussionPosted":
      return m.log.threadPost(c.seat(r.num("seat")), threadName(r.str("thread")));
    case "ThreadClosed": {
      const streaks = isData(d.streaks) ? d.streaks : {};
      const low = Object.entries(streaks).flatMap(([s, n]) => {
        const count = asNum(n) ?? 0;
        return count > 0 ? [m.log.streak(c.seat(Number(s)), count)] : [];
      });
      return m.log.threadClosed(threadName(r.str("thread")), low.length > 0 ? m.app.list(low) : null);
    }
    case "LurkingExcused":
      return m.log.lurkingExcused(c.round(r.num("round")), c.seat(r.num("seat")));
    case "PostRefused": {
      const thread = r.str("thread");
      return m.log.postRefused(c.seat(r.num("seat")), m.log.threadNames[thread] ?? thread);
    }
    case "OffenceRecorded": {
      const offence = r.str("offence");
      const reasons = r.list("reasons").map((x) => need(asStr(x)));
      return (
        m.referee.offenceLine(
          c.round(r.num("round")),
          c.seat(r.num("seat")),
          m.referee.offenceKinds[offence] ?? offence,
        ) +
        (reasons.length > 0
          ? m.referee.reasonList(reasons.map((x) => m.referee.lurkingReasons[x] ?? x))
          : "") +
        m.log.offenceFlags(r.bool("warning"), r.optBool("public") === false, r.optBool("banned") === true)
      );
    }
    // ------------------------------------------------------------ the app's events
    case "app.GameCreated":
      return m.log.gameCreated(r.str("name"), c.names.rulesName ?? r.str("rulesId"), r.str("refereeAlias"));
    case "app.SignupOpened":
      return m.log.signupOpened;
    case "app.SignupClosed":
      return m.log.signupClosed;
    case "app.PlayerJoined":
    case "app.ReportRedone": {
      const percent = r.optNum("copiedPercent");
      const copied = percent === null ? "" : m.log.copied(percent, r.optBool("copiedFlagged") === true);
      const say = e.type === "app.PlayerJoined" ? m.log.playerJoined : m.log.reportRedone;
      return say(r.str("alias"), r.num("words"), copied);
    }
    case "app.PlayerWithdrawn": {
      // A referee's removal carries its reason (and is signed: describeEvent adds who); a player's own has none.
      const reason = r.optStr("reason");
      return reason === null
        ? m.log.playerWithdrawn(r.str("alias"))
        : m.log.signupRemoved(r.str("alias"), reason);
    }
    case "app.CoRefereeAdded":
      return m.log.coRefereeAdded(r.str("alias"));
    case "app.ReportRejected":
      return m.log.reportRejected(
        r.str("alias"),
        r.str("reason"),
        c.time(r.num("redoDeadline")),
        r.num("redoMin"),
      );
    case "app.ReportApproved":
      return m.log.reportApproved(r.str("alias"), r.str("reason"));
    case "app.RoomMessagePosted": {
      const room = r.str("room");
      return m.log.roomMessage(names.rooms[room] ?? room, c.seat(r.num("seat")), short(r.str("text")));
    }
    case "app.ComplaintFiled": {
      const [round, post, seat] = [r.optNum("round"), r.optNum("post"), r.optNum("seat")];
      const line = m.log.complaintFiled(
        seat === null ? m.log.complaintByGroup : c.seat(seat),
        c.seat(r.num("against")),
        round !== null && post !== null ? m.log.post(round, post) : null,
        short(r.str("text")),
      );
      const received = r.optNum("receivedAt");
      return received === null ? line : `${line}${m.log.complaintReceived(c.time(received))}`;
    }
    case "app.ProxyRequested":
      return m.log.proxyRequested(
        c.seat(r.num("seat")),
        c.seat(r.num("target")),
        short(r.optStr("note") ?? ""),
      );
    case "app.KillPostEntered":
      return m.log.killPostEntered(c.seat(r.num("seat")), c.round(r.num("round")));
    case "app.ExtensionRequested":
      return m.log.extensionRequested(c.seat(r.num("seat")), short(r.optStr("note") ?? ""));
    // Only the referees and that player have these in their feed (app-events.ts appEventVisible).
    case "app.RefereeMessage":
      return r.optBool("fromReferee") === true
        ? m.log.refereeAnswered(r.str("alias"), short(r.str("text")))
        : m.log.messagedReferee(r.str("alias"), short(r.str("text")));
    case "app.ResultsPublished": {
      // 7kill's night post (第N夜结果) is the night's; a day's, or a daily game's, is the round's.
      const n = r.num("round");
      const when = r.optStr("part") === "night" ? m.board.night(n) : c.round(n);
      return m.log.resultsPublished(when, r.optBool("correction") === true);
    }
    case "app.AwardsGiven": {
      const list = r
        .list("awards")
        .map((a) => reader(isData(a) ? a : need<Data>(undefined)))
        .map((a) => m.archive.awardOf(m.archive.awardName(a.str("award")), c.seat(a.num("seat"))));
      return m.log.awardsGiven(list);
    }
    case "app.DiscussionPosted": {
      const seat = r.optNum("seat");
      const who =
        r.optBool("referee") === true || seat === null ? m.log.refereeAlias(r.str("alias")) : c.seat(seat);
      return m.log.discussionPosted(who, threadName(r.str("thread")), r.num("words"));
    }
    case "app.GameEnded":
      return m.log.appGameEnded;
    default:
      return "";
  }
}

/**
 * The event as one Chinese sentence, or "" for a type this page does not know or data without the fields it
 * expects: the caller then shows the raw data. Never throws.
 */
export function describeEvent(e: GameEventDto, names: LogNames): string {
  try {
    if (!isData(e.data)) return "";
    const text = describe(e, names);
    // A referee's act names who made it (events.ts `Signed`); TieBroken's `referee` is its hand-over, an object.
    const by = e.data.referee;
    return text !== "" && typeof by === "string" && by !== "" ? text + m.log.signedBy(by) : text;
  } catch {
    // Unreadable, or anything else odd data could cause: a log line must never break the page.
    return "";
  }
}

/**
 * A player's act the referee entered for it from what was sent off the site (录入杀帖, 录入夜间行动); the referee's
 * name follows as on every signed event (「（操作：…）」).
 */
function withEntry(line: string, referee: string | null): string {
  return referee === null ? line : `${line}${m.log.enteredByReferee}`;
}
