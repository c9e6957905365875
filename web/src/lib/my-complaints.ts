// A player's own 举报, each with what became of it, read from the events the player may see: its own
// app.ComplaintFiled (without the poster), the public rulings with their reasons, the end of the game, and the post's
// voiding another way. Nobody else's complaint is in them, and neither is the engine's ComplaintFiled (referees only).
import type { GameEventDto } from "../../../src/server/api-types.ts";

/** A released post as the view lists it: its target is public, and `lapsed` says whether it was voided since. */
export interface ReleasedPostView {
  index: number;
  target: number;
  lapsed: "target-out" | "voided" | null;
}

export type ComplaintState =
  /** `deadline`: the round's complaint deadline (PostsReleased), null when unknown. */
  | { kind: "waiting"; deadline: number | null }
  | { kind: "upheld"; at: number; reason: string | null }
  | { kind: "dismissed"; at: number; reason: string | null }
  /** 字数不够按白条处理: the post is a 白条 now, due by `deadline`. */
  | { kind: "as-iou"; at: number; reason: string | null; deadline: number | null }
  /**
   * Unruled when the game ended (one filed in the window waits past it for the ruling: RULINGS 16), or, in a log
   * stored before that (its ComplaintWindowClosed without `keepsFiled`), when the round's window closed.
   */
  | { kind: "expired"; at: number; why: "ended" | "window" }
  /** The post was voided another way first: its 白条 failed (`iou`), the referee's 作废杀帖 (`referee`). */
  | { kind: "voided"; at: number; why: "iou" | "referee" };

export interface MyComplaint {
  /** The filing's event seq, unique in the game. */
  seq: number;
  at: number;
  /** The post named; null for a complaint stored before complaints named one. */
  round: number | null;
  post: number | null;
  target: number | null;
  text: string;
  /** 录入举报: when the 哨群 received it off the site (`at` is the referee's entry); absent for one filed here. */
  receivedAt?: number;
  state: ComplaintState;
}

const num = (x: unknown): number | null => (typeof x === "number" ? x : null);
const str = (x: unknown): string | null => (typeof x === "string" && x !== "" ? x : null);

/**
 * Each complaint `seat` filed, oldest first. A ruling answers the complaints on its post filed before it (one filed
 * again after a dismissal waits for the next, past the window too); the end of the game, a failed 白条 and a 作废杀帖
 * settle those still waiting, as the referee's inbox does (game-reads.ts). A 作废杀帖 names its post to the poster
 * only, so the post it hit is the one of its round the view shows voided.
 */
export function myComplaints(
  events: readonly GameEventDto[],
  seat: number,
  rounds: readonly { round: number; posts: readonly ReleasedPostView[] | null }[],
): MyComplaint[] {
  const postOf = (round: number | null, post: number | null) =>
    rounds.find((r) => r.round === round)?.posts?.find((p) => p.index === post) ?? null;
  const deadlines = new Map<number, number>();
  const mine: MyComplaint[] = [];
  const waiting = (match: (c: MyComplaint) => boolean) =>
    mine.filter((c) => c.state.kind === "waiting" && match(c));
  const settle = (match: (c: MyComplaint) => boolean, state: ComplaintState) => {
    for (const c of waiting(match)) c.state = state;
  };
  // A 作废杀帖 reaches the player without its post: the round's posts voided by the end are taken for it, so one of
  // another post may have settled this complaint too early. A later ruling on this post shows it was not void then.
  const unvoid = (match: (c: MyComplaint) => boolean) => {
    for (const c of mine)
      if (match(c) && c.state.kind === "voided" && c.state.why === "referee")
        c.state = { kind: "waiting", deadline: c.round === null ? null : (deadlines.get(c.round) ?? null) };
  };
  for (const e of events) {
    const d = e.data;
    const on = (c: MyComplaint) => c.round === d.round && c.post === d.post;
    if (e.type === "PostsReleased") {
      const round = num(d.round);
      const deadline = num(d.complaintDeadline);
      if (round !== null && deadline !== null) deadlines.set(round, deadline);
    } else if (e.type === "app.ComplaintFiled" && d.seat === seat) {
      const round = num(d.round);
      const post = num(d.post);
      const receivedAt = num(d.receivedAt);
      mine.push({
        seq: e.seq,
        at: e.at,
        round,
        post,
        target: postOf(round, post)?.target ?? null,
        text: typeof d.text === "string" ? d.text : "",
        ...(receivedAt !== null && { receivedAt }),
        state: { kind: "waiting", deadline: round === null ? null : (deadlines.get(round) ?? null) },
      });
    } else if (e.type === "ComplaintUpheld" || e.type === "ComplaintDismissed") {
      const kind = e.type === "ComplaintUpheld" ? "upheld" : "dismissed";
      unvoid(on);
      settle(on, { kind, at: e.at, reason: str(d.reason) });
    } else if (e.type === "ComplaintRuledIou") {
      unvoid(on);
      settle(on, { kind: "as-iou", at: e.at, reason: str(d.reason), deadline: num(d.deadline) });
    } else if (e.type === "ComplaintWindowClosed" && d.keepsFiled !== true) {
      settle((c) => c.round === d.round, { kind: "expired", at: e.at, why: "window" });
    } else if (e.type === "GameEnded") {
      settle(() => true, { kind: "expired", at: e.at, why: "ended" });
    } else if (e.type === "IouFailed") {
      settle(on, { kind: "voided", at: e.at, why: "iou" });
    } else if (e.type === "OverrideApplied") {
      const o = d.override as { action?: unknown; post?: unknown } | undefined;
      // A player's 作废杀帖 names its post once the post is out; an older or earlier one is read off the view.
      if (o?.action === "void-post")
        settle(
          (c) =>
            c.round === d.round &&
            (typeof o.post === "number" ? c.post === o.post : postOf(c.round, c.post)?.lapsed === "voided"),
          {
            kind: "voided",
            at: e.at,
            why: "referee",
          },
        );
    }
  }
  return mine;
}
