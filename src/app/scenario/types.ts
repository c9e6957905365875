// A scenario after parsing: times as instants, aliases resolved to seats, each event with its index and line.
import type { Override, Seat, SeatSpec } from "../../engine/contract.ts";

/** A problem with the file itself (not a rule refusal): the CLI exits non-zero on any. */
export interface ScenarioProblem {
  /** 1-based line in the scenario file, when known. */
  line: number | null;
  /** Where in the document, e.g. `events[3].vote.for`. */
  path: string;
  message: string;
}

/** Where an event came from, so refusals can name it. */
export interface EventOrigin {
  /** 0-based index in `events`. */
  index: number;
  line: number | null;
  /** `at` as written. */
  atText: string;
  at: number;
}

/** Text given instead of a length: counted as 字数 when the rule set is known. */
export type Length = { words: number } | { text: string };

export type ScenarioAction =
  | { kind: "vote"; voter: Seat; targets: Seat[]; codes?: (string | null)[] }
  | { kind: "proxy"; voter: Seat; targets: Seat[]; codes?: (string | null)[] }
  | { kind: "post"; poster: Seat; target: Seat; length: Length; code?: string; label?: string }
  | { kind: "complete"; poster: Seat; length: Length }
  /** `post`: the label of the post complained about; `by`: who complains (for the reader), if given. */
  | { kind: "file-complaint"; post: string; by: Seat | null; receivedAt?: number }
  /** `post`: the label of the post ruled on (the runner finds its round and place); without it, the latest. */
  | {
      kind: "complaint";
      against: Seat;
      upheld: boolean;
      reason?: string;
      post?: string;
      /** 字数不够按白条处理, due by `iouDeadline` when given. */
      asIou?: true;
      iouDeadline?: number;
    }
  | { kind: "extension"; requestedBy: Seat[]; reason?: string }
  /** `post`: reinstate-post's or accept-iou's label of the post, which the runner turns into its round and place. */
  | { kind: "referee"; override: Override; reason: string; newAlias?: string; post?: string }
  | { kind: "say"; seat: Seat; thread: "discussion" | "vote" | "last-words" }
  | { kind: "night"; actor: Seat; ability: "kill" | "check" | "protect" | "shoot"; target: Seat | null };

/** One scheduled action; a `votes` entry expands into one action per voter, all sharing the origin. */
export interface ScenarioStep {
  origin: EventOrigin;
  /** The YAML key the action came from (`vote`, `votes`, `post`…). */
  source: string;
  action: ScenarioAction;
}

export interface Scenario {
  name?: string;
  /** As written: a preset id, or a path relative to the scenario file. */
  rules: string;
  rulesLine: number | null;
  start: number;
  until: number;
  aliases: string[];
  /** Explicit seats, or aliases with a seed for random seating. */
  seats: SeatSpec[] | { aliases: string[]; seed: string };
  /** Line of each seat entry, for problems found against the rule set. */
  seatLines: (number | null)[];
  steps: ScenarioStep[];
}
