// Test fixtures for the server: a small daily rule set of N seats and an app built over in-memory SQLite.
import type { RuleSetInput } from "../../src/rules/schema.ts";

/** "12-02 21:00:00" (or with .mmm) in Asia/Shanghai, year 2026. */
export function local(text: string): number {
  const [date, time] = text.split(" ");
  const t = time && time.length === 5 ? `${time}:00` : time;
  return Date.parse(`2026-${date}T${t}+08:00`);
}

/** Two killers sharing a room and rangers; one vote-out a round; daily 21:00 rounds. */
export function smallRules(players: number): RuleSetInput {
  return {
    id: "test-small",
    name: "测试场",
    version: "1",
    players,
    roles: [
      {
        id: "killer",
        name: "杀手",
        camp: "black",
        count: 2,
        codes: ["甲", "乙"],
        knows: ["killer"],
        group: "killer",
        room: "killer-room",
        post: "kill",
      },
      { id: "ranger", name: "游侠", camp: "white", count: players - 2 },
    ],
    groups: [{ id: "killer", name: "杀手组" }],
    rooms: [{ id: "killer-room", name: "小黑屋" }],
    // Small tables get a one-round plan so the checker's head count holds.
    progression:
      players >= 6
        ? [
            { round: 1, voteOut: 1, posts: { killer: 1 } },
            { round: 2, voteOut: 1, posts: { killer: 1 } },
          ]
        : [{ round: 1, voteOut: 1, posts: { killer: 1 } }],
    vote: { proxy: { cutoffMinutes: 20 } },
    text: { reportMin: 10, killPostMin: 20, iouMin: 40 },
    schedule: {
      kind: "daily-rounds",
      roundStart: "21:00",
      voteDeadline: { daysAfter: 1, at: "21:00" },
      postingWindow: { minutes: 30 },
      iouDeadline: { daysAfter: 1, at: "12:00" },
      complaintDeadline: { daysAfter: 1, at: "16:00" },
    },
    win: {
      kind: "elimination",
      conditions: [
        { winner: "white", when: { allOut: { camps: ["black"] } } },
        { winner: "black", when: { allOut: { camps: ["white"] } } },
      ],
    },
  };
}
