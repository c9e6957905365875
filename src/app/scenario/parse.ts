// Parses a scenario file: YAML with line positions, strict zod validation, aliases resolved to seats.
import { LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import type { Override, Seat, SeatSpec } from "../../engine/contract.ts";
import { formatPath, lineOf, type PathSegment } from "./positions.ts";
import { EVENT_KINDS, type RefereeEntry, ScenarioFile } from "./schema.ts";
import type {
  EventOrigin,
  Length,
  Scenario,
  ScenarioAction,
  ScenarioProblem,
  ScenarioStep,
} from "./types.ts";

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

/** Total: every problem is returned, none thrown. */
export function parseScenario(text: string): ParseResult {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        line: counter.linePos(e.pos[0]).line,
        path: "(yaml)",
        message: firstLine(e.message),
      })),
    };
  }
  const at = (path: PathSegment[]) => lineOf(doc, counter, path);
  const checked = ScenarioFile.safeParse(doc.toJS());
  if (!checked.success) return { ok: false, problems: zodProblems(checked.error, at) };
  return resolve(checked.data, at);
}

function firstLine(s: string): string {
  return s.split("\n")[0] ?? s;
}

function zodProblems(error: z.ZodError, at: (path: PathSegment[]) => number | null): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter((p): p is PathSegment => typeof p !== "symbol");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        problems.push({
          line: at([...path, key]),
          path: formatPath([...path, key]),
          message: `unknown field "${key}"`,
        });
      }
      continue;
    }
    const missing = issue.code === "invalid_type" && issue.message.endsWith("received undefined");
    problems.push({
      line: at(path),
      path: formatPath(path),
      message: missing ? "is required" : issue.message,
    });
  }
  return problems;
}

function resolve(file: ScenarioFile, at: (path: PathSegment[]) => number | null): ParseResult {
  const problems: ScenarioProblem[] = [];
  const problem = (path: PathSegment[], message: string) =>
    problems.push({ line: at(path), path: formatPath(path), message });

  const seatOf = new Map<string, Seat>();
  file.seats.forEach((s, i) => {
    if (seatOf.has(s.alias)) problem(["seats", i, "alias"], `alias ${s.alias} is given twice`);
    else seatOf.set(s.alias, i);
  });
  const withRole = file.seats.filter((s) => s.role !== undefined).length;
  let seats: SeatSpec[] | { aliases: string[]; seed: string };
  if (withRole === 0) {
    if (file.seed === undefined)
      problem(["seats"], "no seat has a role: give every seat a role, or give a seed");
    if (file.seats.some((s) => s.code !== undefined)) problem(["seats"], "codes need roles");
    seats = { aliases: file.seats.map((s) => s.alias), seed: file.seed ?? "" };
  } else {
    file.seats.forEach((s, i) => {
      if (s.role === undefined)
        problem(["seats", i], "every seat needs a role once one has (or none, with a seed)");
    });
    if (file.seed !== undefined) problem(["seed"], "a seed is only used when the seats give no roles");
    seats = file.seats.map((s) => ({
      alias: s.alias,
      role: s.role ?? "",
      code: s.code ?? null,
      ...(s.house !== undefined ? { house: s.house } : {}),
    }));
  }

  const start = Date.parse(file.start);
  const until = Date.parse(file.until);
  if (until < start) problem(["until"], "is before start");

  const steps: ScenarioStep[] = [];
  // A substitute's new alias names the same seat from its event on.
  const aliasNow = new Map(seatOf);
  // Post labels seen so far, with their poster: a complaint names an earlier post.
  const postBy = new Map<string, Seat>();
  let previous = Number.NEGATIVE_INFINITY;
  file.events.forEach((ev, index) => {
    const base: PathSegment[] = ["events", index];
    const kinds = EVENT_KINDS.filter((k) => ev[k] !== undefined);
    if (kinds.length !== 1) {
      problem(
        base,
        kinds.length === 0
          ? `needs one of ${EVENT_KINDS.join(", ")}`
          : `has ${kinds.join(" and ")}: give one action per event`,
      );
      return;
    }
    const kind = kinds[0]!;
    const time = Date.parse(ev.at);
    if (time < previous)
      problem([...base, "at"], "is earlier than the event before it: events must be in time order");
    previous = Math.max(previous, time);
    if (time > until) problem([...base, "at"], "is after until");
    const origin: EventOrigin = { index, line: at(base), atText: ev.at, at: time };
    const seat = (path: PathSegment[], alias: string): Seat => {
      const s = aliasNow.get(alias);
      if (s === undefined) {
        problem(path, `unknown alias ${alias}`);
        return -1;
      }
      return s;
    };
    const push = (action: ScenarioAction) => steps.push({ origin, source: kind, action });
    const p: PathSegment[] = [...base, kind];
    switch (kind) {
      case "vote":
      case "proxy": {
        const v = ev[kind]!;
        const targets = v.for.map((a, j) => seat([...p, "for", j], a));
        const codes = voteCodes(v.code, targets.length, (m) => problem([...p, "code"], m));
        push({ kind, voter: seat([...p, "by"], v.by), targets, ...(codes ? { codes } : {}) });
        break;
      }
      case "votes": {
        for (const [voter, target] of Object.entries(ev.votes!)) {
          const list = typeof target === "string" ? [target] : target;
          const targets = list.map((a) => seat([...p, voter], a));
          push({ kind: "vote", voter: seat([...p, voter], voter), targets });
        }
        break;
      }
      case "post": {
        const v = ev.post!;
        const length = lengthOf(v, (m) => problem(p, m));
        const poster = seat([...p, "by"], v.by);
        if (v.label !== undefined) {
          if (postBy.has(v.label)) problem([...p, "label"], `label ${v.label} is given twice`);
          else postBy.set(v.label, poster);
        }
        push({
          kind: "post",
          poster,
          target: seat([...p, "target"], v.target),
          length,
          ...(v.code !== undefined ? { code: v.code } : {}),
          ...(v.label !== undefined ? { label: v.label } : {}),
        });
        break;
      }
      case "complete": {
        const v = ev.complete!;
        push({
          kind: "complete",
          poster: seat([...p, "by"], v.by),
          length: lengthOf(v, (m) => problem(p, m)),
        });
        break;
      }
      case "file-complaint": {
        const v = ev["file-complaint"]!;
        if (!postBy.has(v.post)) problem([...p, "post"], `no earlier post is labelled ${v.post}`);
        push({
          kind: "file-complaint",
          post: v.post,
          by: v.by === undefined ? null : seat([...p, "by"], v.by),
          ...(v.receivedAt !== undefined ? { receivedAt: Date.parse(v.receivedAt) } : {}),
        });
        break;
      }
      case "complaint": {
        const v = ev.complaint!;
        const named = v.post === undefined ? undefined : postBy.get(v.post);
        if (v.post !== undefined && named === undefined)
          problem([...p, "post"], `no earlier post is labelled ${v.post}`);
        let against = v.against === undefined ? (named ?? -1) : seat([...p, "against"], v.against);
        if (v.against === undefined && v.post === undefined)
          problem(p, "needs against, or post naming a labelled post");
        if (named !== undefined && against !== -1 && against !== named) {
          problem([...p, "against"], `post ${v.post} is not ${v.against}'s`);
          against = named;
        }
        push({
          kind: "complaint",
          against,
          upheld: v.upheld,
          ...(v.reason !== undefined ? { reason: v.reason } : {}),
          ...(v.post !== undefined ? { post: v.post } : {}),
          ...(v.asIou ? { asIou: true as const } : {}),
          ...(v.iouDeadline !== undefined ? { iouDeadline: Date.parse(v.iouDeadline) } : {}),
        });
        break;
      }
      case "extension": {
        // 白条延期 (score rule): the referee grants the request of these seats.
        const v = ev.extension!;
        push({
          kind: "extension",
          requestedBy: v.by.map((a, j) => seat([...p, "by", j], a)),
          ...(v.reason !== undefined ? { reason: v.reason } : {}),
        });
        break;
      }
      case "referee": {
        const v = ev.referee!;
        const target = "target" in v ? seat([...p, "target"], v.target) : -1;
        const override =
          v.action === "decide-tie" || v.action === "amend-vote-out"
            ? {
                action: v.action,
                round: v.round,
                out: v.out.map((a, j) => seat([...p, "out", j], a)),
                ...(v.house !== undefined ? { house: v.house } : {}),
              }
            : v.action === "decide-lead-voter" || v.action === "amend-lead-voter"
              ? {
                  action: v.action,
                  round: v.round,
                  bomb: seat([...p, "bomb"], v.bomb),
                  leadVoter: seat([...p, "leadVoter"], v.leadVoter),
                }
              : v.action === "assign-turn"
                ? {
                    action: v.action,
                    unit: v.unit,
                    seat: seat([...p, "seat"], v.seat),
                    ...(v.from !== undefined ? { from: seat([...p, "from"], v.from) } : {}),
                  }
                : toOverride(v, target);
        if ((v.action === "reinstate-post" || v.action === "accept-iou") && !postBy.has(v.post))
          problem([...p, "post"], `no earlier post is labelled ${v.post}`);
        if (v.action === "substitute") {
          if (aliasNow.has(v.alias)) problem([...p, "alias"], `alias ${v.alias} is already taken`);
          else aliasNow.set(v.alias, target);
        }
        push({
          kind: "referee",
          override,
          reason: v.reason,
          ...(v.action === "substitute" ? { newAlias: v.alias } : {}),
          ...(v.action === "reinstate-post" || v.action === "accept-iou" ? { post: v.post } : {}),
        });
        break;
      }
      case "say": {
        const v = ev.say!;
        const by = seat([...p, "by"], v.by);
        for (let i = 0; i < (v.count ?? 1); i++) push({ kind: "say", seat: by, thread: v.thread });
        break;
      }
      case "says": {
        for (const [alias, count] of Object.entries(ev.says!)) {
          const by = seat([...p, alias], alias);
          for (let i = 0; i < count; i++) push({ kind: "say", seat: by, thread: "discussion" });
        }
        break;
      }
      case "night": {
        const v = ev.night!;
        push({
          kind: "night",
          actor: seat([...p, "by"], v.by),
          ability: v.action,
          target: v.target === undefined || v.target === null ? null : seat([...p, "target"], v.target),
        });
        break;
      }
    }
  });

  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  return {
    ok: true,
    scenario: {
      ...(file.name !== undefined ? { name: file.name } : {}),
      rules: file.rules,
      rulesLine: at(["rules"]),
      start,
      until,
      aliases: file.seats.map((s) => s.alias),
      seats,
      seatLines: file.seats.map((_, i) => at(["seats", i])),
      steps,
    },
  };
}

function voteCodes(
  code: string | (string | null)[] | undefined,
  targets: number,
  problem: (message: string) => void,
): (string | null)[] | undefined {
  if (code === undefined) return undefined;
  if (typeof code === "string") {
    if (targets !== 1) problem("a single code fits a one-name ballot; give a list in the order of `for`");
    return [code];
  }
  if (code.length !== targets) problem(`has ${code.length} codes for ${targets} names in \`for\``);
  return code;
}

function lengthOf(
  v: { length?: number | undefined; text?: string | undefined },
  problem: (m: string) => void,
): Length {
  if (v.length !== undefined && v.text !== undefined) problem("give either length or text, not both");
  if (v.length !== undefined) return { words: v.length };
  if (v.text !== undefined) return { text: v.text };
  problem("needs length or text");
  return { words: 0 };
}

function toOverride(
  v: Exclude<
    RefereeEntry,
    {
      action: "decide-tie" | "decide-lead-voter" | "amend-lead-voter" | "amend-vote-out" | "assign-turn";
    }
  >,
  target: Seat,
): Override {
  switch (v.action) {
    case "eliminate":
    case "revive":
      return { action: v.action, target };
    case "set-progression":
      return {
        action: "set-progression",
        round: v.round,
        ...(v.votesPerVoter !== undefined ? { votesPerVoter: v.votesPerVoter } : {}),
        ...(v.voteOut !== undefined ? { voteOut: v.voteOut } : {}),
        ...(v.posts !== undefined ? { posts: v.posts } : {}),
        ...(v.extraPosts !== undefined ? { extraPosts: v.extraPosts } : {}),
      };
    case "extend":
      return { action: "extend", deadline: v.deadline, until: Date.parse(v.until) };
    case "void-vote":
      return { action: "void-vote", voter: target };
    case "void-post":
      return { action: "void-post", poster: target };
    case "reinstate-post":
      // The round and place are the runner's to fill in from the label (run.ts), once the post is taken.
      return { action: "reinstate-post", round: -1, post: -1 };
    case "accept-iou":
      return { action: "accept-iou", round: -1, post: -1 };
    case "substitute":
      return { action: "substitute", seat: target, alias: v.alias };
    case "end-game":
      return { action: "end-game", winner: v.winner };
    case "invalid-vote":
      return { action: "invalid-vote", voter: target };
    case "warn":
      return {
        action: "warn",
        target,
        offence: v.offence,
        ...(v.severe !== undefined ? { severe: v.severe } : {}),
      };
    case "excuse":
      return { action: "excuse", target, round: v.round };
    case "withdraw-warning":
      return { action: "withdraw-warning", target, round: v.round, offence: v.offence };
    case "reputation":
      return { action: "reputation", target, points: v.points };
  }
}

function sortProblems(problems: ScenarioProblem[]): ScenarioProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

export function formatProblem(p: ScenarioProblem): string {
  return `${p.line === null ? "" : `line ${p.line}: `}${p.path}: ${p.message}`;
}
