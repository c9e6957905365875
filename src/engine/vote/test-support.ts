// Builders for the vote machine's tests: settings from partial rule-set input, casts, tally inputs, and wall-clock times.
import { VoteSettings } from "../../rules/schema.ts";
import type { Seat, TallyInput, VoteCast } from "./types.ts";

/** 2026-12-02 00:00:00 in Asia/Shanghai (UTC+8), epoch ms. */
const DAY0 = 1_796_140_800_000;

/** "21:00:00" or "21:00:00.999" on 2026-12-02 (Shanghai), or `day` days later, as epoch ms. */
export function clock(hms: string, day = 0): number {
  const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{3}))?)?$/.exec(hms);
  if (!m) throw new Error(`bad time ${hms}`);
  const [, h, min, s = "0", ms = "0"] = m;
  return DAY0 + day * 86_400_000 + ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** The rule set's vote settings with defaults filled in, as the schema parses them. */
export function settings(partial: Partial<VoteSettings> = {}): VoteSettings {
  return VoteSettings.parse(partial);
}

/** A cast by `voter` for `targets` at a wall-clock time (or epoch ms). */
export function cast(
  voter: Seat,
  targets: Seat[],
  time: string | number,
  extra: { codes?: (string | null)[]; proxy?: boolean } = {},
): VoteCast {
  return {
    voter,
    targets,
    at: typeof time === "number" ? time : clock(time),
    proxy: extra.proxy ?? false,
    ...(extra.codes ? { codes: extra.codes } : {}),
  };
}

/** A regular one-vote, one-out tally input over `casts`, overridable field by field. */
export function input(casts: VoteCast[], over: Partial<TallyInput> = {}): TallyInput {
  return {
    settings: settings(),
    kind: "regular",
    votesPerVoter: 1,
    slots: 1,
    alive: 57,
    candidates: null,
    halfVoters: new Set(),
    casts,
    ...over,
  };
}

/** Votes as a display number (halves / 2), for readable assertions. */
export function votesOf(result: { entries: { seat: Seat; halves: number }[] }, seat: Seat): number {
  return (result.entries.find((e) => e.seat === seat)?.halves ?? 0) / 2;
}
