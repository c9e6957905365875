// The score rule read off the game state: scored seats, activation, the forces on each death and where its point went.
import type { Role } from "../../rules/schema.ts";
import type { OutCause, Seat } from "../contract.ts";
import type { ReleasedPost } from "../events.ts";
import { memoOn } from "../memo.ts";
import { roleById } from "../roles.ts";
import type { GameState, RoundState, SeatState } from "../state.ts";
import { rulesOf } from "../state.ts";
import type { Attribution, CodeGuess, Force, Side } from "./attribution.ts";
import { attribute } from "./attribution.ts";

/**
 * 分值人员: "规则为黑白双方所有有出帖权的玩家预设分值" — a post right from the start; "医生、工兵均属分值人员"
 * (an engineer's post right counts). Neutrals never: "中立身份的玩家（如猎人）自身不带分值". A role may say otherwise.
 */
export function isScoredRole(role: Role): boolean {
  if (role.camp === "neutral") return false;
  return role.scored ?? role.post !== undefined;
}

/** Houses are numbered 1 and 2; a one-house game puts everyone in house 1. */
export function houseOf(s: SeatState): number {
  return s.house ?? 1;
}

/**
 * Seats whose point is activated: "该分值需经过玩家本人出帖方能激活，出帖除正常出帖外，尚包括挂白条、包括杀帖随后被认定无效".
 * Any kill post of the seat that was released counts, whatever became of it after. One still waiting for the release
 * does not: it is not out yet, and counting it would move the running score (and tell that the seat posts) at the
 * moment it is sent, or score a death with a post sent after it.
 */
export function activatedSeats(state: GameState): Set<Seat> {
  const out = new Set<Seat>();
  for (const r of state.rounds) for (const p of r?.released ?? []) out.add(p.poster);
  return out;
}

export function guessOf(guess: string | null | undefined, code: string | null): CodeGuess {
  if (guess === null || guess === undefined) return "none";
  return guess === code ? "right" : "wrong";
}

/** Posts of the round that no longer stand: a failed IOU, an upheld complaint, a post voided by the referee. */
function voidedPosts(r: RoundState): Set<number> {
  const out = new Set<number>();
  for (const i of r.ious) if (i.status === "failed" || i.status === "voided") out.add(i.post);
  for (const s of r.submissions) if (s.voided) out.add(s.index);
  // A post 恢复杀帖 made stand again keeps its poster's old complaint out in the round's history: the post's own mark
  // says whether it is void now.
  const reinstated = (post: number) => r.released?.find((p) => p.index === post)?.lapsed === null;
  for (const o of r.outs)
    if ((o.cause === "iou" || o.cause === "complaint") && o.post !== null && !reinstated(o.post))
      out.add(o.post);
  return out;
}

/**
 * The out code of a seat voted out: the overtime's if it was voted for in overtime ("加时投票，出局代号以加时的选投为准"),
 * else the regular vote's. An overtime nobody voted it in (the referee then decides the tie) leaves the votes that put it
 * out the regular ones, as it leaves them its 领票人 (decisions.ts).
 */
function outCode(r: RoundState, seat: Seat): string | null {
  const overtime = r.votes.find(
    (v) => v.stage === "overtime" && v.entries.some((e) => e.seat === seat && e.halves > 0),
  );
  // 两府制: each house has its own regular record; the seat's is the one that tallied it.
  const record =
    overtime ??
    r.votes.find((v) => v.stage === "regular" && v.entries.some((e) => e.seat === seat)) ??
    r.votes.find((v) => v.stage === "regular");
  return record?.outCodes?.[seat] ?? null;
}

const PENALTIES: ReadonlySet<OutCause> = new Set(["iou", "complaint", "penalty", "referee"]);

/** Every force on the seat's (latest) death, in the round it happened. */
export function forcesOnDeath(state: GameState, seat: Seat): Force[] {
  const s = state.seats[seat];
  if (!s?.out) return [];
  const rules = rulesOf(state);
  const r = state.rounds[s.out.round];
  const cause = s.out.cause;
  const forces: Force[] = [];
  if (r && (cause === "post" || cause === "bomb")) {
    // The posts act together (几方同步发帖): every standing kill post on the victim is a force.
    const gone = voidedPosts(r);
    for (const p of r.released ?? []) {
      if (p.target !== seat || p.kind !== "kill" || p.lapsed !== null || gone.has(p.index)) continue;
      const poster = state.seats[p.poster];
      if (!poster) continue;
      const code = r.submissions[p.index]?.code ?? null;
      forces.push({
        kind: "post",
        posterCamp: roleById(rules, poster.role).camp,
        code: guessOf(code, s.code),
        poster: p.poster,
        unit: p.unit,
      });
    }
  }
  // "烟花" and "票楼无需特殊身份人挑选，而被固定带走的分值玩家（如领票人），比照烟花处理。"
  for (const f of state.fireworks) {
    if (f.victim === seat && f.round === s.out.round)
      forces.push({ kind: "firework", bomb: f.bomb, ...(f.via === "vote" && { leadVoter: true }) });
  }
  if (cause === "vote" && r) forces.push({ kind: "vote", code: guessOf(outCode(r, seat), s.code) });
  if (cause === "suicide" || cause === "redo") forces.push({ kind: "suicide" });
  if (PENALTIES.has(cause)) forces.push({ kind: "penalty" });
  return forces;
}

export interface DeathScore {
  seat: Seat;
  round: number;
  house: number;
  camp: Role["camp"];
  cause: OutCause;
  attribution: Attribution;
}

/** Where the point of each seat out now went, in the order the seats went out. */
export function deathScores(state: GameState): DeathScore[] {
  const rules = rulesOf(state);
  const activated = activatedSeats(state);
  const dead = state.seats
    .filter((s) => !s.alive && s.out !== null)
    .sort((a, b) => (a.out?.at ?? 0) - (b.out?.at ?? 0) || outIndex(state, a) - outIndex(state, b));
  return dead.map((s) => {
    const role = roleById(rules, s.role);
    const out = s.out as NonNullable<SeatState["out"]>;
    return {
      seat: s.seat,
      round: out.round,
      house: houseOf(s),
      camp: role.camp,
      cause: out.cause,
      attribution: attribute({
        victimCamp: role.camp,
        scored: isScoredRole(role),
        activated: activated.has(s.seat),
        forces: forcesOnDeath(state, s.seat),
      }),
    };
  });
}

function outIndex(state: GameState, s: SeatState): number {
  const r = s.out ? state.rounds[s.out.round] : undefined;
  const i = r?.outs.map((o) => o.seat).lastIndexOf(s.seat) ?? -1;
  return i;
}

/**
 * The codes the vote machine offers now, or null before any: "未有杀刺出帖前，投票楼不提供代号供投选。有一个杀刺出帖后，
 * 勺子会在票楼里提供所有有分值的黑道代号供投选…死亡黑道的代号将从代号选项里去掉。" A code leaves once its seat's death
 * is published ("投票结束后，由哨子公布被票杀者身份以及被帖杀者身份"): dropping a post victim's code at the posts' release
 * would tell every voter that the victim was black, and which code, a vote before the results post does.
 */
export function offeredCodes(state: GameState): string[] | null {
  const rules = rulesOf(state);
  if (rules.win.kind !== "score" || !rules.win.codeGuesses) return null;
  const blackPosted = state.rounds.some(
    (r) =>
      r?.released != null &&
      blackPostMemo.get(r.released, [state.seats, rules], () =>
        (r.released ?? []).some((p) => {
          const poster = state.seats[p.poster];
          return p.kind === "kill" && poster !== undefined && roleById(rules, poster.role).camp === "black";
        }),
      ),
  );
  if (!blackPosted) return null;
  // A copy: the remembered list is shared by every state with these seats.
  return codesMemo
    .get(state.seats, [rules], () =>
      state.seats
        .filter((s) => {
          const role = roleById(rules, s.role);
          return knownAlive(s) && s.code !== null && role.camp === "black" && isScoredRole(role);
        })
        .map((s) => s.code as string),
    )
    .slice();
}

/**
 * The codes a kill post's guess may name, or null without code guesses: "黑白两道出杀帖贴杀人员…还需提供对被贴杀人代号的
 * 猜想，附于杀帖之后同步发出". Unlike the vote thread's list this one is open from the first posts on and holds both
 * camps' living scored codes, since a black poster may be aiming at a swordsman (白道's scored seats). As in the vote
 * thread, a code leaves once its seat's death is published, since every viewer sees the list.
 */
export function postCodes(state: GameState): string[] | null {
  const rules = rulesOf(state);
  if (rules.win.kind !== "score" || !rules.win.codeGuesses) return null;
  return postCodesMemo
    .get(state.seats, [rules], () =>
      state.seats
        .filter((s) => knownAlive(s) && s.code !== null && isScoredRole(roleById(rules, s.role)))
        .map((s) => s.code as string),
    )
    .slice();
}

/** Alive as the players know it: an out seat counts as out once its identity is published. */
function knownAlive(s: SeatState): boolean {
  return s.alive || !s.revealed;
}

/** offeredCodes is asked on every ballot; its answer changes only with a round's posts or the seats. */
const blackPostMemo = memoOn<readonly ReleasedPost[], boolean>();
const codesMemo = memoOn<GameState["seats"], readonly string[]>();
const postCodesMemo = memoOn<GameState["seats"], readonly string[]>();

export const SIDES: readonly Side[] = ["black", "white"];
