// Cross-checks of a schema-valid rule set: counts, code names, references, progression arithmetic, impossible times.
import { type PathSegment, type Problem, problem } from "./problems.ts";
import type { Condition, RuleSet, Trigger } from "./schema.ts";

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(clock: string): number {
  const [h, m] = clock.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes from a start time of day to a `{ daysAfter, at }` moment. */
function span(start: string, end: { daysAfter: number; at: string }): number {
  return end.daysAfter * MINUTES_PER_DAY + minutesOf(end.at) - minutesOf(start);
}

function hm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}h` : `${h}h${String(m).padStart(2, "0")}`;
}

interface Names {
  roles: Map<string, number>;
  groups: Set<string>;
  rooms: Set<string>;
  alliances: Map<string, number>;
  /** Merged group id → the alliance index that forms it and the base groups it holds. */
  merged: Map<string, { alliance: number; bases: Set<string> }>;
}

/** Runs every cross-check; an empty list means the rule set is consistent. Pure. */
export function crossCheck(rs: RuleSet): Problem[] {
  const out: Problem[] = [];
  const add = (at: PathSegment[], code: string, en: string, zh: string) =>
    out.push(problem(at, code, en, zh));

  // ---------------------------------------------------------------- ids and counts
  const names: Names = {
    roles: new Map(),
    groups: new Set(),
    rooms: new Set(),
    alliances: new Map(),
    merged: new Map(),
  };
  const unique = (
    list: { id: string }[],
    key: string,
    what: [string, string],
    into: { add(id: string): void },
  ) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) {
        add(
          [key, i, "id"],
          "duplicate-id",
          `${what[0]} id "${x.id}" is used twice`,
          `${what[1]}标识 "${x.id}" 重复`,
        );
      }
      seen.add(x.id);
      into.add(x.id);
    });
  };
  unique(rs.roles, "roles", ["role", "身份"], {
    add: (id) =>
      names.roles.set(
        id,
        rs.roles.findIndex((r) => r.id === id),
      ),
  });
  unique(rs.groups, "groups", ["group", "出帖组"], names.groups);
  unique(rs.rooms, "rooms", ["room", "群"], names.rooms);
  unique(rs.alliances, "alliances", ["alliance", "联合"], {
    add: (id) =>
      names.alliances.set(
        id,
        rs.alliances.findIndex((a) => a.id === id),
      ),
  });

  const total = rs.roles.reduce((a, r) => a + r.count, 0);
  if (total !== rs.players) {
    const list = rs.roles.map((r) => `${r.id} ${r.count}`).join(" + ");
    add(
      ["players"],
      "count-sum",
      `the role counts add up to ${total} (${list}), not ${rs.players} players`,
      `各身份人数之和为 ${total}（${list}），与游戏人数 ${rs.players} 不符`,
    );
  }

  const codeOwner = new Map<string, string>();
  rs.roles.forEach((role, i) => {
    if (role.codes === undefined) return;
    if (role.codes.length !== role.count) {
      add(
        ["roles", i, "codes"],
        "codes-count",
        `role "${role.id}" has ${role.count} seat(s) but ${role.codes.length} code name(s); give one per seat`,
        `身份 "${role.id}" 有 ${role.count} 个座位，却有 ${role.codes.length} 个代号；每个座位一个代号`,
      );
    }
    role.codes.forEach((code, j) => {
      const owner = codeOwner.get(code);
      if (owner !== undefined) {
        add(
          ["roles", i, "codes", j],
          "duplicate-code",
          `code name "${code}" is already used by role "${owner}"`,
          `代号 "${code}" 已被身份 "${owner}" 使用`,
        );
      } else codeOwner.set(code, role.id);
    });
  });

  // ---------------------------------------------------------------- references
  const needRole = (at: PathSegment[], id: string) => {
    if (!names.roles.has(id))
      add(at, "unknown-role", `no role has the id "${id}"`, `没有标识为 "${id}" 的身份`);
  };
  const needRoom = (at: PathSegment[], id: string) => {
    if (!names.rooms.has(id))
      add(
        at,
        "unknown-room",
        `no room has the id "${id}" (list it under rooms)`,
        `没有标识为 "${id}" 的群（请在 rooms 中列出）`,
      );
  };
  const needAlliance = (at: PathSegment[], id: string) => {
    if (!names.alliances.has(id))
      add(at, "unknown-alliance", `no alliance has the id "${id}"`, `没有标识为 "${id}" 的联合`);
  };

  // Merged groups come into being through alliances; they may be named like base groups.
  rs.alliances.forEach((al, ai) => {
    al.effects.forEach((ef, ei) => {
      if (ef.kind !== "merge-groups") return;
      if (names.groups.has(ef.into) || names.merged.has(ef.into)) {
        add(
          ["alliances", ai, "effects", ei, "into"],
          "duplicate-id",
          `group id "${ef.into}" is used twice`,
          `出帖组标识 "${ef.into}" 重复`,
        );
        return;
      }
      names.merged.set(ef.into, { alliance: ai, bases: new Set() });
    });
  });
  const isGroup = (id: string) => names.groups.has(id) || names.merged.has(id);
  const needGroup = (at: PathSegment[], id: string) => {
    if (!isGroup(id)) add(at, "unknown-group", `no group has the id "${id}"`, `没有标识为 "${id}" 的出帖组`);
  };
  const basesOf = (id: string, seen = new Set<string>()): Set<string> => {
    if (names.groups.has(id)) return new Set([id]);
    const m = names.merged.get(id);
    if (!m || seen.has(id)) return new Set();
    seen.add(id);
    return m.bases;
  };
  // Fill merged groups' bases in alliance order (a later merge may list an earlier merged group).
  for (const al of rs.alliances) {
    for (const ef of al.effects) {
      if (ef.kind !== "merge-groups") continue;
      const m = names.merged.get(ef.into);
      if (!m) continue;
      for (const g of ef.groups) for (const b of basesOf(g)) m.bases.add(b);
    }
  }

  rs.roles.forEach((role, i) => {
    const at = ["roles", i];
    if (role.toldAs !== undefined) needRole([...at, "toldAs"], role.toldAs);
    role.knows.forEach((k, j) => {
      needRole([...at, "knows", j], k);
    });
    if (role.group !== undefined && !names.groups.has(role.group)) {
      add(
        [...at, "group"],
        "unknown-group",
        `no group has the id "${role.group}" (list it under groups)`,
        `没有标识为 "${role.group}" 的出帖组（请在 groups 中列出）`,
      );
    }
    if (role.room !== undefined) needRoom([...at, "room"], role.room);
    if (role.post !== undefined && role.group === undefined) {
      add(
        [...at, "group"],
        "post-needs-group",
        `role "${role.id}" has a post right but no group to rotate its posts in`,
        `身份 "${role.id}" 有出帖权，但没有所属的出帖组`,
      );
    }
    role.abilities.forEach((a, j) => {
      if (a.reveals !== undefined && a.ability !== "check") {
        add(
          [...at, "abilities", j, "reveals"],
          "ability-field",
          `"reveals" belongs to a check, not to "${a.ability}"`,
          `"reveals" 只适用于验人（check），不适用于 "${a.ability}"`,
        );
      }
      // Accepted by the schema for later, but the engine has no such behaviour yet: refused here rather than
      // letting a referee believe the setting runs.
      if (a.reveals === "role") {
        add(
          [...at, "abilities", j, "reveals"],
          "not-supported",
          'a check that shows the role is not supported yet: a check shows good or killer ("good-or-killer")',
          '暂不支持验出具体身份：验人结果只显示好人或杀手（"good-or-killer"）',
        );
      }
      if (a.uses !== undefined && (a.ability !== "shoot" || a.uses !== 1)) {
        add(
          [...at, "abilities", j, "uses"],
          "not-supported",
          `only the bullet's single use is supported ("shoot" with uses 1), not ${a.uses} of "${a.ability}"`,
          `暂只支持开枪（shoot）限用 1 次，不支持 "${a.ability}" 限用 ${a.uses} 次`,
        );
      }
      for (const field of ["emptyNeedleLimit", "emptyNeedleUnless"] as const) {
        if (a[field] === undefined || a.ability === "protect") continue;
        add(
          [...at, "abilities", j, field],
          "ability-field",
          `"${field}" belongs to a protect, not to "${a.ability}"`,
          `"${field}" 只适用于救治（protect），不适用于 "${a.ability}"`,
        );
      }
    });
    if (role.abilities.length > 0 && rs.schedule.kind !== "day-night") {
      add(
        [...at, "abilities"],
        "abilities-need-day-night",
        `role "${role.id}" has night abilities, which need a day-night schedule`,
        `身份 "${role.id}" 有夜间特权，需要白天/夜晚制的日程（day-night）`,
      );
    }
    const conv = role.conversion;
    if (conv) {
      needRole([...at, "conversion", "ifUsed"], conv.ifUsed);
      needRole([...at, "conversion", "ifNotUsed"], conv.ifNotUsed);
      needRole([...at, "conversion", "beforeConversion"], conv.beforeConversion);
      if (!role.abilities.some((a) => a.ability === conv.ability)) {
        add(
          [...at, "conversion", "ability"],
          "conversion-without-ability",
          `role "${role.id}" converts on using "${conv.ability}" but has no such ability`,
          `身份 "${role.id}" 以使用 "${conv.ability}" 决定转变，但没有该特权`,
        );
      }
    }
  });

  // Groups need posters.
  const postersOf = (groupId: string): number => {
    const bases = basesOf(groupId);
    return rs.roles
      .filter((r) => r.group !== undefined && bases.has(r.group) && r.post !== undefined)
      .reduce((a, r) => a + r.count, 0);
  };
  rs.groups.forEach((g, i) => {
    if (postersOf(g.id) === 0) {
      add(
        ["groups", i],
        "group-without-posters",
        `group "${g.id}" has no role with a post right in it`,
        `出帖组 "${g.id}" 中没有任何有出帖权的身份`,
      );
    }
  });

  // Alliances.
  const checkTrigger = (t: Trigger, at: PathSegment[], self: string) => {
    switch (t.kind) {
      case "out-count": {
        t.roles.forEach((r, j) => {
          needRole([...at, "roles", j], r);
        });
        const seats = rs.roles.filter((r) => t.roles.includes(r.id)).reduce((a, r) => a + r.count, 0);
        if (t.atLeast > seats) {
          add(
            [...at, "atLeast"],
            "unreachable-trigger",
            `${t.atLeast} of ${t.roles.join(", ")} can never be out: there are only ${seats}`,
            `${t.roles.join("、")} 共只有 ${seats} 人，不可能出局 ${t.atLeast} 人`,
          );
        }
        break;
      }
      case "after-round-posts":
      case "after-round":
        if (rs.defaultRound === undefined && rs.progression.length > 0 && t.round > rs.progression.length) {
          add(
            [...at, "round"],
            "round-out-of-range",
            `round ${t.round} never comes: the progression has ${rs.progression.length} rounds`,
            `第 ${t.round} 轮不存在：进程只有 ${rs.progression.length} 轮`,
          );
        }
        break;
      case "bomb-fired-or-out": {
        needRole([...at, "role"], t.role);
        const r = rs.roles.find((x) => x.id === t.role);
        if (r && !r.bomb)
          add([...at, "role"], "not-a-bomb", `role "${t.role}" is not a bomb`, `身份 "${t.role}" 不是蛋`);
        break;
      }
      case "alliance-fired":
        needAlliance([...at, "alliance"], t.alliance);
        if (t.alliance === self) {
          add(
            [...at, "alliance"],
            "alliance-cycle",
            `alliance "${self}" waits for itself`,
            `联合 "${self}" 以自身为触发条件`,
          );
        }
        break;
      case "any":
      case "all":
        t.of.forEach((c, j) => {
          checkTrigger(c, [...at, "of", j], self);
        });
        break;
    }
  };
  checkAllianceWaits(rs, add);
  rs.alliances.forEach((al, ai) => {
    checkTrigger(al.when, ["alliances", ai, "when"], al.id);
    al.effects.forEach((ef, ei) => {
      const at = ["alliances", ai, "effects", ei];
      if (ef.kind === "merge-groups") {
        ef.groups.forEach((g, j) => {
          needGroup([...at, "groups", j], g);
        });
        needRoom([...at, "room"], ef.room);
      } else {
        needRole([...at, "role"], ef.role);
        needRoom([...at, "room"], ef.room);
      }
    });
  });

  rs.takeovers.forEach((t, i) => {
    needGroup(["takeovers", i, "wiped"], t.wiped);
    t.by.forEach((b, j) => {
      if ("group" in b) {
        needGroup(["takeovers", i, "by", j, "group"], b.group);
        if (b.group === t.wiped) {
          add(
            ["takeovers", i, "by", j, "group"],
            "self-takeover",
            `group "${t.wiped}" cannot take over its own posts`,
            `出帖组 "${t.wiped}" 不能顶替自己出帖`,
          );
        }
      } else needRole(["takeovers", i, "by", j, "role"], b.role);
    });
  });

  // ---------------------------------------------------------------- progression
  /** After which round's posts an alliance has certainly fired (Infinity: it may never). */
  const certainAfter = (t: Trigger, seen: Set<string>): number => {
    switch (t.kind) {
      // Round k+1's posts come after round k's release and after its end alike.
      case "after-round-posts":
      case "after-round":
        return t.round;
      case "any":
        return Math.min(...t.of.map((c) => certainAfter(c, seen)));
      case "all":
        return Math.max(...t.of.map((c) => certainAfter(c, seen)));
      case "alliance-fired": {
        const a = rs.alliances.find((x) => x.id === t.alliance);
        if (!a || seen.has(a.id)) return Number.POSITIVE_INFINITY;
        return certainAfter(a.when, new Set([...seen, a.id]));
      }
      default:
        return Number.POSITIVE_INFINITY;
    }
  };
  const mergedBy = (base: string): { into: string; after: number }[] =>
    [...names.merged.entries()]
      .filter(([, m]) => m.bases.has(base))
      .map(([into, m]) => {
        const al = rs.alliances[m.alliance]!;
        return { into, after: certainAfter(al.when, new Set([al.id])) };
      });

  let alive = rs.players;
  // Once a round kills more than are alive, the later rounds' counts start from a negative number: each would be
  // reported again (「只剩 -3 人」), though only the first round is wrong.
  let overKilled = false;
  rs.progression.forEach((r, i) => {
    const at: PathSegment[] = ["progression", i];
    if (r.round !== i + 1) {
      add(
        [...at, "round"],
        "round-order",
        `round ${r.round} is listed as round ${i + 1}; number the rounds 1, 2, 3, …`,
        `第 ${i + 1} 项的轮次写成了 ${r.round}；轮次应按 1、2、3… 依次编号`,
      );
    }
    const before = alive;
    let postKills = 0;
    const checkPosts = (key: "posts" | "extraPosts") => {
      for (const [g, n] of Object.entries(r[key])) {
        const gat = [...at, key, g];
        postKills += key === "posts" ? n : 0;
        if (!isGroup(g)) {
          add(gat, "unknown-group", `no group has the id "${g}"`, `没有标识为 "${g}" 的出帖组`);
          continue;
        }
        const base = rs.groups.find((x) => x.id === g);
        const counts = base ? base.countsTowardKills : true;
        if (key === "posts" && !counts) {
          add(
            gat,
            "posts-not-counted",
            `group "${g}" does not count toward kills; list its posts under extraPosts`,
            `出帖组 "${g}" 的帖不计入杀人数，应写在 extraPosts 中`,
          );
        }
        if (key === "extraPosts" && counts) {
          add(
            gat,
            "extra-posts-counted",
            `group "${g}" counts toward kills; list its posts under posts`,
            `出帖组 "${g}" 的帖计入杀人数，应写在 posts 中`,
          );
        }
        const posters = postersOf(g);
        if (n > posters) {
          add(
            gat,
            "posts-exceed-posters",
            `round ${r.round} asks group "${g}" for ${n} post(s), but it has only ${posters} poster(s)`,
            `第 ${r.round} 轮要求出帖组 "${g}" 出 ${n} 帖，但该组最多只有 ${posters} 人可出帖`,
          );
        }
        const m = names.merged.get(g);
        if (m && n > 0) {
          const al = rs.alliances[m.alliance]!;
          const after = certainAfter(al.when, new Set([al.id]));
          if (after >= r.round) {
            add(
              gat,
              "group-not-formed",
              `group "${g}" exists only once alliance "${al.id}" fires, which is not certain by round ${r.round}`,
              `出帖组 "${g}" 要等联合 "${al.id}" 触发后才存在，而第 ${r.round} 轮时尚不确定已触发`,
            );
          }
        }
        if (base && n > 0) {
          const merged = mergedBy(g).find((x) => x.after < r.round);
          if (merged) {
            add(
              gat,
              "group-already-merged",
              `group "${g}" has certainly merged into "${merged.into}" by round ${r.round}; ask "${merged.into}" for the posts`,
              `到第 ${r.round} 轮时出帖组 "${g}" 必已并入 "${merged.into}"；请改为由 "${merged.into}" 出帖`,
            );
          }
        }
      }
    };
    checkPosts("posts");
    checkPosts("extraPosts");
    const kills = r.voteOut + postKills;
    alive -= kills;
    if (r.totalKills !== undefined && r.totalKills !== kills) {
      add(
        [...at, "totalKills"],
        "total-mismatch",
        `round ${r.round} says ${r.totalKills} killed, but ${r.voteOut} voted out + ${postKills} posts = ${kills}`,
        `第 ${r.round} 轮写明共杀 ${r.totalKills} 人，但票杀 ${r.voteOut} + 帖杀 ${postKills} = ${kills}`,
      );
    }
    if (overKilled) return;
    if (r.survivors !== undefined && r.survivors !== alive) {
      add(
        [...at, "survivors"],
        "survivors-mismatch",
        `round ${r.round} says ${r.survivors} survive, but ${before} − ${kills} = ${alive}`,
        `第 ${r.round} 轮写明存活 ${r.survivors} 人，但 ${before} − ${kills} = ${alive}`,
      );
    }
    if (alive < 0 || (alive === 0 && kills > 0)) {
      overKilled = true;
      add(
        [...at, "voteOut"],
        "too-many-kills",
        `round ${r.round} kills ${kills} but only ${before} are alive`,
        `第 ${r.round} 轮要杀 ${kills} 人，但只剩 ${before} 人`,
      );
    }
  });

  // ---------------------------------------------------------------- winning
  const checkCondition = (c: Condition, at: PathSegment[]): void => {
    if ("allOut" in c) {
      for (const [j, r] of (c.allOut.roles ?? []).entries()) needRole([...at, "allOut", "roles", j], r);
    } else if ("any" in c) {
      for (const [j, x] of c.any.entries()) checkCondition(x, [...at, "any", j]);
    } else {
      for (const [j, x] of c.all.entries()) checkCondition(x, [...at, "all", j]);
    }
  };
  const checkConversion = (at: PathSegment[], roleId: string, became: string) => {
    const r = rs.roles.find((x) => x.id === roleId);
    if (!r) {
      needRole([...at, "role"], roleId);
    } else if (!r.conversion) {
      add([...at, "role"], "not-converting", `role "${roleId}" never converts`, `身份 "${roleId}" 不会转变`);
    } else if (became !== r.conversion.ifUsed && became !== r.conversion.ifNotUsed) {
      add(
        [...at, "became"],
        "unknown-conversion",
        `role "${roleId}" becomes "${r.conversion.ifUsed}" or "${r.conversion.ifNotUsed}", never "${became}"`,
        `身份 "${roleId}" 只会转为 "${r.conversion.ifUsed}" 或 "${r.conversion.ifNotUsed}"，不会转为 "${became}"`,
      );
    }
  };
  if (rs.win.kind === "elimination") {
    rs.win.conditions.forEach((c, i) => {
      checkCondition(c.when, ["win", "conditions", i, "when"]);
      if (c.ifConverted)
        checkConversion(["win", "conditions", i, "ifConverted"], c.ifConverted.role, c.ifConverted.became);
    });
    rs.win.rewards.forEach((rw, i) => {
      needRole(["win", "rewards", i, "role"], rw.role);
      if (rw.ifConverted)
        checkConversion(["win", "rewards", i, "ifConverted"], rw.role, rw.ifConverted.became);
    });
  }

  // ---------------------------------------------------------------- text
  if (rs.text.iouMin > 0 && rs.text.iouMin < rs.text.killPostMin) {
    add(
      ["text", "iouMin"],
      "iou-shorter-than-post",
      `an IOU must be completed to ${rs.text.iouMin} 字, less than a kill post's ${rs.text.killPostMin} 字`,
      `白条补齐字数 ${rs.text.iouMin} 少于杀帖最低字数 ${rs.text.killPostMin}`,
    );
  }

  // ---------------------------------------------------------------- schedule and vote times
  if (!validTimeZone(rs.schedule.timeZone)) {
    add(
      ["schedule", "timeZone"],
      "unknown-time-zone",
      `"${rs.schedule.timeZone}" is not a known time zone (e.g. Asia/Shanghai)`,
      `"${rs.schedule.timeZone}" 不是已知的时区（如 Asia/Shanghai）`,
    );
  }
  let votingMinutes: number | undefined;
  let votingFrom = { en: "", zh: "" };
  if (rs.schedule.kind === "daily-rounds") {
    const s = rs.schedule;
    const round = span(s.roundStart, s.voteDeadline);
    const release = s.postingWindow.opensAfterMinutes + s.postingWindow.minutes;
    // A round's vote opens when its posts are released, at the window's close (the engine's roundClock), or with the
    // round when it has none. Any round may have posts when there are posting groups (the referee can add them), so
    // the shortest vote is the one from the release; rules cannot import the engine, hence the arithmetic here.
    if (rs.groups.length > 0) {
      votingMinutes = round - release;
      votingFrom = {
        en: `from the posts' release, ${hm(release)} after the round starts, to schedule.voteDeadline`,
        zh: `（投票在杀帖公布时才开始，即本轮开始 ${hm(release)} 后）`,
      };
    } else {
      votingMinutes = round;
      votingFrom = { en: "see schedule.voteDeadline", zh: "" };
    }
    if (round <= 0) {
      add(
        ["schedule", "voteDeadline"],
        "deadline-before-start",
        `the vote deadline (${s.voteDeadline.at}, ${s.voteDeadline.daysAfter} day(s) later) is not after the round's start (${s.roundStart})`,
        `投票截止时间（${s.voteDeadline.daysAfter} 天后 ${s.voteDeadline.at}）不晚于本轮开始时间（${s.roundStart}）`,
      );
    } else {
      if (release >= round) {
        add(
          ["schedule", "postingWindow"],
          "window-after-deadline",
          `the posting window closes ${hm(release)} after the round starts, not before the vote deadline (${hm(round)})`,
          `出帖窗口在本轮开始 ${hm(release)} 后才关闭，不早于投票截止（${hm(round)}）`,
        );
      }
      const deadlines: ["iouDeadline" | "complaintDeadline", string, string][] = [
        ["iouDeadline", "IOU deadline", "白条补齐截止"],
        ["complaintDeadline", "complaint deadline", "举报截止"],
      ];
      for (const [key, en, zh] of deadlines) {
        const d = span(s.roundStart, s[key]);
        if (d <= release) {
          add(
            ["schedule", key],
            "deadline-before-release",
            `the ${en} (${s[key].at}, ${s[key].daysAfter} day(s) later) is not after the posts are released (${hm(release)} after the round starts)`,
            `${zh}时间（${s[key].daysAfter} 天后 ${s[key].at}）不晚于杀帖公布时间（本轮开始 ${hm(release)} 后）`,
          );
        } else if (d > round) {
          add(
            ["schedule", key],
            "deadline-after-vote",
            `the ${en} (${s[key].at}, ${s[key].daysAfter} day(s) later) falls after the round's vote deadline`,
            `${zh}时间（${s[key].daysAfter} 天后 ${s[key].at}）晚于本轮投票截止`,
          );
        }
      }
    }
  } else {
    const s = rs.schedule;
    for (const name of ["day", "duel", "night", "last-words"] as const) {
      const p = s.phases[name];
      const len = span(p.start, p.end);
      if (len <= 0) {
        add(
          ["schedule", "phases", name, "end"],
          "deadline-before-start",
          `the ${name} phase ends (${p.end.at}, ${p.end.daysAfter} day(s) later) no later than it starts (${p.start})`,
          `${name} 阶段的结束时间（${p.end.daysAfter} 天后 ${p.end.at}）不晚于开始时间（${p.start}）`,
        );
      }
    }
    votingMinutes = span(s.phases.day.start, s.phases.day.end);
    votingFrom = { en: "see schedule.phases.day", zh: "" };
    s.weekend.forEach((w, i) => {
      if (w.start.weekday === w.end.weekday && w.start.at === w.end.at) {
        add(
          ["schedule", "weekend", i, "end"],
          "deadline-before-start",
          `the weekend ${w.phase} phase ends when it starts`,
          `周末 ${w.phase} 阶段的结束时间与开始时间相同`,
        );
      }
    });
  }
  if (votingMinutes !== undefined && votingMinutes > 0) {
    if (rs.vote.changes.freezeMinutes >= votingMinutes) {
      add(
        ["vote", "changes", "freezeMinutes"],
        "freeze-too-long",
        `no vote change is allowed in the last ${rs.vote.changes.freezeMinutes} minutes, but voting lasts only ${votingMinutes} (${votingFrom.en})`,
        `截止前 ${rs.vote.changes.freezeMinutes} 分钟不得改票，但投票总共只有 ${votingMinutes} 分钟${votingFrom.zh}`,
      );
    }
    if (rs.vote.proxy.cutoffMinutes >= votingMinutes) {
      add(
        ["vote", "proxy", "cutoffMinutes"],
        "proxy-cutoff-too-long",
        `proxy votes close ${rs.vote.proxy.cutoffMinutes} minutes before the deadline, but voting lasts only ${votingMinutes} (${votingFrom.en})`,
        `托票在截止前 ${rs.vote.proxy.cutoffMinutes} 分钟关闭，但投票总共只有 ${votingMinutes} 分钟${votingFrom.zh}`,
      );
    }
  }
  const publish = rs.vote.proxy.publishMinutes;
  if (publish !== null && publish > rs.vote.proxy.cutoffMinutes) {
    add(
      ["vote", "proxy", "publishMinutes"],
      "proxy-publish-after-cutoff",
      `a proxy vote accepted at the cut-off (${rs.vote.proxy.cutoffMinutes} minutes before the deadline) cannot be published ${publish} minutes before it`,
      `在截止前 ${rs.vote.proxy.cutoffMinutes} 分钟接受的托票，无法在截止前 ${publish} 分钟公布`,
    );
  }
  if (rs.vote.duel !== null && rs.vote.threshold.kind !== "percent") {
    add(
      ["vote", "duel"],
      "duel-needs-threshold",
      "a top-vote duel needs a percentage threshold",
      "高票对决需要设置得票比例门槛（percent）",
    );
  }
  // The warning for not voting is 7kill's lurking offence (penalties.notVoting); the outcome names it, so the two
  // must agree or the setting would do nothing (or warn where the outcome says it does not).
  const warnsForNotVoting = rs.penalties?.notVoting === true;
  if (rs.vote.nonVoting.outcome === "abstain-warning" && !warnsForNotVoting) {
    add(
      ["vote", "nonVoting", "outcome"],
      "nonvoting-warning-needs-penalty",
      '"abstain-warning" warns through penalties.notVoting, which is not set',
      '"abstain-warning"（弃权并警告）的警告来自 penalties.notVoting，但它没有开启',
    );
  } else if (rs.vote.nonVoting.outcome !== "abstain-warning" && warnsForNotVoting) {
    add(
      ["vote", "nonVoting", "outcome"],
      "nonvoting-warning-needs-penalty",
      `penalties.notVoting warns a seat that does not vote, but the outcome "${rs.vote.nonVoting.outcome}" says no warning; use "abstain-warning"`,
      `penalties.notVoting 会警告不投票的人，但 "${rs.vote.nonVoting.outcome}" 表示不警告；请改用 "abstain-warning"`,
    );
  }
  rs.vote.nonVoting.excusedRounds.forEach((r, i) => {
    if (rs.defaultRound === undefined && rs.progression.length > 0 && r > rs.progression.length) {
      add(
        ["vote", "nonVoting", "excusedRounds", i],
        "round-out-of-range",
        `round ${r} never comes: the progression has ${rs.progression.length} rounds`,
        `第 ${r} 轮不存在：进程只有 ${rs.progression.length} 轮`,
      );
    }
  });
  if (rs.schedule.kind === "day-night" && rs.schedule.lastWords) {
    rs.schedule.lastWords.ifConverted.forEach((c, i) => {
      checkConversion(["schedule", "lastWords", "ifConverted", i], c.role, c.became);
    });
  }
  return out;
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Alliances that wait for each other (a on b, b on a, or longer rings) never fire, though each trigger alone looks
 * fine. The alliances that can fire are found by growing the set until it holds still: a trigger can hold if every
 * alliance it must wait for can fire (any other condition might come true). An alliance waiting only for itself is
 * the self-check's (checkTrigger) to name.
 */
function checkAllianceWaits(
  rs: RuleSet,
  add: (at: PathSegment[], code: string, en: string, zh: string) => void,
): void {
  const known = new Set(rs.alliances.map((a) => a.id));
  const fires = new Set<string>();
  const possible = (t: Trigger): boolean => {
    switch (t.kind) {
      case "alliance-fired":
        return fires.has(t.alliance) || !known.has(t.alliance);
      case "any":
        return t.of.some(possible);
      case "all":
        return t.of.every(possible);
      default:
        return true;
    }
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const al of rs.alliances)
      if (!fires.has(al.id) && possible(al.when)) {
        fires.add(al.id);
        grew = true;
      }
  }
  // Of the alliances that never fire, each one's never-firing alliances it must wait for.
  const waitsOn = new Map(
    rs.alliances
      .filter((al) => !fires.has(al.id))
      .map((al) => [
        al.id,
        [...new Set(waitedFor(al.when))].filter((id) => id !== al.id && known.has(id) && !fires.has(id)),
      ]),
  );
  const inRing = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(waitsOn.get(start) ?? [])];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id === start) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(waitsOn.get(id) ?? []));
    }
    return false;
  };
  rs.alliances.forEach((al, ai) => {
    const waits = waitsOn.get(al.id) ?? [];
    if (waits.length === 0) return;
    const list = waits.map((id) => `"${id}"`).join(", ");
    const ring = inRing(al.id);
    add(
      ["alliances", ai, "when"],
      "alliance-cycle",
      ring
        ? `alliance "${al.id}" can never fire: it must wait for ${list}, which can never fire either (alliances waiting for each other)`
        : `alliance "${al.id}" can never fire: it must wait for ${list}, which can never fire`,
      ring
        ? `联合 "${al.id}" 永远不会成立：它必须等待的联合 ${list} 也永远不会成立（联合之间互相等待）`
        : `联合 "${al.id}" 永远不会成立：它必须等待的联合 ${list} 永远不会成立`,
    );
  });
}

/** The alliances a trigger names in alliance-fired, at any depth. */
function waitedFor(t: Trigger): string[] {
  if (t.kind === "alliance-fired") return [t.alliance];
  if (t.kind === "any" || t.kind === "all") return t.of.flatMap(waitedFor);
  return [];
}
