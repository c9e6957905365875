// The game lifecycle over HTTP: create (preset or uploaded rules), sign-up with 报道, redo, co-referees, start.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  CheckRulesResponse,
  DiscussionThreadsResponse,
  EventListResponse,
  GameCreatedResponse,
  GameListResponse,
  GameViewResponse,
  InboxResponse,
  JoinResponse,
  OriginalityResponse,
  PresetYamlResponse,
  ReportListResponse,
  ReportResponse,
  RosterResponse,
} from "../../src/server/api-types.ts";
import { local, smallRules } from "./fixtures.ts";
import {
  advanceTo,
  call,
  draftGame,
  engineOf,
  errorOf,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  REPORT,
  rid,
} from "./harness.ts";

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

async function openGame(h: Harness, players = 3): Promise<{ id: string; referee: string }> {
  const referee = await quickAccount(h, "referee");
  const id = await draftGame(h, referee, { players, name: "小局" });
  await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
  return { id, referee };
}

test("create: from a preset, from uploaded text; broken rules come back with Chinese problems", async () => {
  await withHarness(async (h) => {
    const ref = await quickAccount(h, "referee");
    const preset = await call<GameCreatedResponse>(h, "POST", "/api/games", ref, {
      name: "风云",
      preset: "fengyun-57",
      refereeAlias: "哨",
    });
    assert.equal(preset.status, 201, preset.text);
    assert.equal(preset.json.game.players, 57);
    assert.equal(preset.json.game.reportMin, 301, "seed 000: 报道 at least 301 字");
    assert.equal(preset.json.game.ambiguousIsEastAsian, true, "the default: “” … count as 字");
    const broken = await call<ApiError>(h, "POST", "/api/games", ref, {
      name: "坏",
      rulesText: "id: x\nplayers: -1\n",
      refereeAlias: "哨",
    });
    assert.equal(broken.status, 422);
    assert.equal(broken.json.error.code, "rules-invalid");
    assert.ok(broken.json.error.problems!.length > 0);
    assert.match(broken.json.error.problems![0]!.message, /[\u4e00-\u9fff]/, "problems are in Chinese");
    const unknown = await call(h, "POST", "/api/games", ref, {
      name: "x",
      preset: "nope",
      refereeAlias: "哨",
    });
    assert.equal(unknown.status, 404);
    const both = await call(h, "POST", "/api/games", ref, { name: "x", refereeAlias: "哨" });
    assert.equal(both.status, 400);
    assert.equal(
      (
        await call(h, "POST", "/api/games", undefined, {
          name: "x",
          preset: "fengyun-57",
          refereeAlias: "哨",
        })
      ).status,
      401,
    );
    const lobby = await must(call<GameListResponse>(h, "GET", "/api/games?status=draft", ref));
    assert.equal(lobby.json.games.length, 1);
  });
});

test("a preset as YAML, to start a rule set from on the site: it checks clean as uploaded text; an unknown id is named", async () => {
  await withHarness(async (h) => {
    const ref = await quickAccount(h, "referee");
    for (const id of ["fengyun-57", "airforce-40", "sevenkill-16"]) {
      const yaml = await must(call<PresetYamlResponse>(h, "GET", `/api/presets/${id}/yaml`));
      assert.equal(yaml.json.id, id);
      const checked = await must(
        call<CheckRulesResponse>(h, "POST", "/api/rules/check", ref, { text: yaml.json.text }),
      );
      assert.deepEqual(checked.json.problems, [], id);
    }
    const unknown = await call<ApiError>(h, "GET", "/api/presets/no-such/yaml");
    assert.deepEqual(
      [unknown.status, unknown.json.error.code, unknown.json.error.message],
      [404, "preset-unknown", "没有名为 no-such 的预设规则"],
    );
  });
});

test("a draft (筹备中) is listed only to its referee and 副哨, not to players or anonymous visitors", async () => {
  await withHarness(async (h) => {
    const ref = await quickAccount(h, "draftref");
    const co = await quickAccount(h, "coref");
    const other = await quickAccount(h, "other");
    const id = await draftGame(h, ref, { name: "筹备局", refereeAlias: "哨" });
    const open = await openGame(h);
    const names = async (cookie?: string, q = "") =>
      (await must(call<GameListResponse>(h, "GET", `/api/games${q}`, cookie))).json.games.map((g) => g.name);
    assert.deepEqual(await names(), ["小局"]);
    assert.deepEqual(await names(other), ["小局"]);
    assert.deepEqual(await names(undefined, "?status=draft"), []);
    assert.deepEqual(await names(other, "?status=draft"), []);
    assert.deepEqual((await names(ref)).sort(), ["小局", "筹备局"].sort());
    assert.deepEqual(await names(ref, "?status=draft"), ["筹备局"]);
    // The other game's referee is no referee of this draft.
    assert.deepEqual(await names(open.referee, "?status=draft"), []);
    await must(call(h, "POST", `/api/games/${id}/co-referees`, ref, { username: "coref", alias: "副" }));
    assert.deepEqual(await names(co, "?status=draft"), ["筹备局"]);
    // Once sign-up opens it is everyone's.
    await must(call(h, "POST", `/api/games/${id}/signup/open`, ref));
    assert.deepEqual((await names(other, "?status=signup")).sort(), ["小局", "筹备局"].sort());
  });
});

test("a draft (筹备中) has no page, log, stream, reports or discussion for anyone but its referee and 副哨, even by link", async () => {
  await withHarness(async (h) => {
    const ref = await quickAccount(h, "draftref");
    const co = await quickAccount(h, "coref");
    const other = await quickAccount(h, "other");
    const id = await draftGame(h, ref, { name: "筹备局", refereeAlias: "哨" });
    const open = await openGame(h);
    await must(call(h, "POST", `/api/games/${id}/co-referees`, ref, { username: "coref", alias: "副" }));
    const threads = await must(call<DiscussionThreadsResponse>(h, "GET", `/api/games/${id}/discussion`, ref));
    const thread = threads.json.current;
    // The referees' notes while preparing the game are theirs too.
    await must(
      call(h, "POST", `/api/games/${id}/discussion/${thread}/posts`, ref, {
        requestId: rid(),
        text: "规则还在改",
      }),
    );
    const paths = [
      `/api/games/${id}`,
      `/api/games/${id}/events`,
      `/api/games/${id}/stream?limit=0`,
      `/api/games/${id}/reports`,
      `/api/games/${id}/discussion`,
      `/api/games/${id}/discussion/${thread}/posts`,
    ];
    for (const path of paths) {
      for (const [who, cookie] of [
        ["anonymous", undefined],
        ["another account", other],
        ["another game's referee", open.referee],
      ] as const) {
        const res = await call<ApiError>(h, "GET", path, cookie);
        assert.equal(res.status, 404, `${path} as ${who}`);
        assert.equal(res.json.error.code, "game-not-found", `${path} as ${who}`);
        assert.ok(!res.text.includes("筹备局") && !res.text.includes("规则还在改"), `${path} as ${who}`);
      }
      for (const cookie of [ref, co]) assert.equal((await call(h, "GET", path, cookie)).status, 200, path);
    }
    // Nor is it a game to join: refused as no game at all, not as a closed sign-up.
    const join = await call<ApiError>(h, "POST", `/api/games/${id}/join`, other, {
      alias: "路人",
      report: REPORT,
    });
    assert.deepEqual([join.status, join.json.error.code], [404, "game-not-found"]);
    // Every other route answers as for no game too (routes audit: rooms, the referee's routes and the player writes
    // answered 403, so a stranger holding an id could tell a draft from no game at all).
    const writes: [string, unknown][] = [
      [`/api/games/${id}/votes`, { requestId: rid(), targets: [0] }],
      [`/api/games/${id}/complaints`, { requestId: rid(), round: 1, post: 0, text: "抄袭" }],
      [`/api/games/${id}/referee-messages`, { requestId: rid(), text: "你好" }],
      [`/api/games/${id}/originality`, { text: "测试文字" }],
      [`/api/games/${id}/discussion/${thread}/posts`, { requestId: rid(), text: "路过" }],
      [`/api/games/${id}/signup/open`, {}],
      [`/api/games/${id}/withdraw`, {}],
      [`/api/games/${id}/reports`, { requestId: rid(), text: REPORT }],
      [`/api/games/${id}/rooms/killer-room/messages`, { requestId: rid(), text: "你好" }],
      [`/api/games/${id}/co-referees`, { username: "other", alias: "副二" }],
      [
        `/api/games/${id}/referee/overrides`,
        { requestId: rid(), override: { action: "end-game", winner: "white" }, reason: "x" },
      ],
    ];
    const reads = [
      `/api/games/${id}/rooms/killer-room/messages`,
      `/api/games/${id}/referee/roster`,
      `/api/games/${id}/referee/log`,
      `/api/games/${id}/referee/inbox`,
      `/api/games/${id}/referee/results?round=1`,
      `/api/games/${id}/posts/nope`,
    ];
    for (const cookie of [other, open.referee]) {
      for (const [path, body] of writes) {
        const res = await call<ApiError>(h, "POST", path, cookie, body);
        assert.deepEqual([res.status, res.json.error.code], [404, "game-not-found"], `POST ${path}`);
      }
      for (const path of reads) {
        const res = await call<ApiError>(h, "GET", path, cookie);
        assert.deepEqual([res.status, res.json.error.code], [404, "game-not-found"], `GET ${path}`);
      }
    }
    // Once sign-up opens it is everyone's, the referees' earlier notes included.
    await must(call(h, "POST", `/api/games/${id}/signup/open`, ref));
    for (const path of paths) assert.equal((await call(h, "GET", path, other)).status, 200, path);
  });
});

test("a player's 马甲 may not read as a site username (请勿曝ID): one's own exposes one's real ID, another's frames that member", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h);
    const alice = await quickAccount(h, "Alice");
    await quickAccount(h, "Bob");
    const join = (cookie: string, alias: string) =>
      call<ApiError>(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT });
    const own = await join(alice, "ａｌｉｃｅ");
    assert.deepEqual(
      [own.status, own.json.error.code, own.json.error.message],
      [
        409,
        "alias-is-own-username",
        "马甲「ａｌｉｃｅ」就是你在本站的用户名，用它报名等于公开真身（请勿曝ID），请换一个",
      ],
    );
    const other = await join(alice, "BOB");
    assert.deepEqual(
      [other.json.error.code, other.json.error.message],
      ["alias-is-username", "马甲「BOB」与本站某个账号的用户名相同，会被当成那个账号本人，请换一个"],
    );
    // An emoji's presentation selector folds away as well (username-key.ts): 「❤小明」 reads as 「❤️小明」.
    await quickAccount(h, "\u2764\uFE0F小明");
    assert.equal((await join(alice, "\u2764小明")).json.error.code, "alias-is-username");
    const aliceId = (await h.storage.findAccountByUsername("Alice"))!.id;
    assert.equal(await h.storage.membershipOf(id, aliceId), undefined, "nothing stored");
    await must(join(alice, "爱丽丝"));
    // A 副哨 acts in the open: its alias may be its username.
    await quickAccount(h, "helper");
    await must(
      call(h, "POST", `/api/games/${id}/co-referees`, referee, { username: "helper", alias: "helper" }),
    );
  });
});

test("a username may not read as a player's 马甲 in a game under way: it would pass for the person behind it", async () => {
  await withHarness(async (h) => {
    const { id } = await openGame(h);
    const first = await quickAccount(h, "first");
    await must(call(h, "POST", `/api/games/${id}/join`, first, { alias: "Kiki❤️", report: REPORT }));
    const register = (username: string) =>
      call<ApiError>(h, "POST", "/api/auth/register", undefined, { username, password: "pw-123456" });
    for (const username of ["Kiki❤️", "ＫＩＫＩ❤", "kiki❤"]) {
      const res = await register(username);
      assert.deepEqual(
        [res.status, res.json.error.code, res.json.error.message],
        [
          409,
          "username-is-alias",
          "这个用户名是一局进行中的游戏里某位玩家的马甲，会被当成那个马甲背后的人，请换一个",
        ],
        username,
      );
      assert.equal(await h.storage.findAccountNamed(username), undefined, "nothing stored");
    }
    // The referee's alias is their own business (they act in the open); other names register as before.
    const refAlias = (await h.storage.listAliases(id)).find((m) => m.kind === "referee")?.alias;
    assert.ok(refAlias);
    assert.equal((await register(refAlias)).status, 200);
    assert.equal((await register("Kiki")).status, 200);
  });
});

test("an alias is taken however it is typed: 「ＫＩＫＩ」 and 「kiki」 are 「Kiki」's, for a player and for a 副哨", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h);
    const first = await quickAccount(h, "first");
    await must(call(h, "POST", `/api/games/${id}/join`, first, { alias: "Kiki", report: REPORT }));
    const second = await quickAccount(h, "second");
    for (const alias of ["ＫＩＫＩ", "kiki"]) {
      const res = await call<ApiError>(h, "POST", `/api/games/${id}/join`, second, { alias, report: REPORT });
      assert.equal(res.json.error.code, "alias-taken", alias);
      assert.equal(
        res.json.error.message,
        `马甲「${alias}」已被使用（与已有的「Kiki」只差大小写、全角半角或变体符号，算作同一个），请换一个`,
        "the message says why a name never used here is taken",
      );
    }
    const exact = await call<ApiError>(h, "POST", `/api/games/${id}/join`, second, {
      alias: "Kiki",
      report: REPORT,
    });
    assert.equal(exact.json.error.message, "马甲「Kiki」已被使用，请换一个");
    assert.equal(
      await h.storage.membershipOf(id, (await h.storage.findAccountByUsername("second"))!.id),
      undefined,
    );
    const co = await call<ApiError>(h, "POST", `/api/games/${id}/co-referees`, referee, {
      username: "second",
      alias: "KIKI",
    });
    assert.equal(co.json.error.code, "member-alias-taken");
    // The account's own alias typed otherwise is named as the account's, not as someone else's.
    const own = await call<ApiError>(h, "POST", `/api/games/${id}/co-referees`, referee, {
      username: "first",
      alias: "kiki",
    });
    assert.deepEqual(
      [own.json.error.code, own.json.error.message],
      ["member-already-under-alias", "该账号已在本游戏中，马甲就是「Kiki」"],
    );
  });
});

test("the game tells the pages how the rule set counts ambiguous-width marks, so their live 字数 is the server's", async () => {
  await withHarness(async (h) => {
    const ref = await quickAccount(h, "referee");
    const base = smallRules(3);
    const narrow = await call<GameCreatedResponse>(h, "POST", "/api/games", ref, {
      name: "窄",
      rulesText: JSON.stringify({ ...base, text: { ...base.text, ambiguousIsEastAsian: false } }),
      refereeAlias: "哨",
    });
    assert.equal(narrow.status, 201, narrow.text);
    assert.equal(narrow.json.game.ambiguousIsEastAsian, false);
  });
});

test("join: a rule set that asks no 报道 (7kill, reportMin 0) takes an empty one", async () => {
  await withHarness(async (h) => {
    const referee = await quickAccount(h, "referee");
    const created = await must(
      call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
        name: "七杀",
        preset: "sevenkill-16",
        refereeAlias: "导演",
      }),
    );
    const id = created.json.game.id;
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    const u1 = await quickAccount(h, "u1");
    const ok = await call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: "" });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.report.words, 0);
  });
});

test("join: 报道 字数 is checked against the rule set; taken aliases, closed sign-up and full games refused", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const u1 = await quickAccount(h, "u1");
    const short = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u1, {
      alias: "甲",
      report: "太短了",
    });
    assert.equal(short.status, 409);
    assert.equal(short.json.error.code, "report-too-short");
    assert.equal(short.json.error.message, "报道字数不足：3字，至少需要10字（以 Word 字数统计为准）");
    // An empty 报道 is a short one, named as such (not a malformed body).
    const empty = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: "" });
    assert.equal(empty.json.error.code, "report-too-short");
    const ok = await call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u1, {
      alias: "甲",
      report: REPORT,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.report.words >= 10, true);
    const u2 = await quickAccount(h, "u2");
    const taken = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u2, {
      alias: "甲",
      report: REPORT,
    });
    assert.equal(taken.json.error.code, "alias-taken");
    const twice = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u1, {
      alias: "乙",
      report: REPORT,
    });
    assert.equal(twice.json.error.code, "already-member");
    assert.equal(twice.json.error.message, "你已经加入了这个游戏");
    const byReferee = await call<ApiError>(h, "POST", `/api/games/${id}/join`, referee, {
      alias: "哨子也想玩",
      report: REPORT,
    });
    assert.deepEqual(
      [byReferee.json.error.code, byReferee.json.error.message],
      ["already-member", "你是本局的哨子或副哨，不能同时报名当玩家"],
    );
    await must(call(h, "POST", `/api/games/${id}/join`, u2, { alias: "乙", report: REPORT }));
    const u3 = await quickAccount(h, "u3");
    await must(call(h, "POST", `/api/games/${id}/join`, u3, { alias: "丙", report: REPORT }));
    const u4 = await quickAccount(h, "u4");
    const full = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u4, {
      alias: "丁",
      report: REPORT,
    });
    assert.equal(full.json.error.code, "game-full");
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    const closed = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u4, {
      alias: "丁",
      report: REPORT,
    });
    assert.equal(closed.json.error.code, "signup-closed");
    const reports = await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`));
    assert.deepEqual(
      reports.json.reports.map((r) => r.alias),
      ["甲", "乙", "丙"],
    );
  });
});

test("join: joins arriving together for the last seat take it once; the refused ones keep no membership", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    for (const [i, alias] of ["甲", "乙"].entries()) {
      await must(
        call(h, "POST", `/api/games/${id}/join`, await quickAccount(h, `early${i}`), {
          alias,
          report: REPORT,
        }),
      );
    }
    const late = await Promise.all(
      ["丙", "丁", "戊"].map(async (alias, i) => ({ alias, cookie: await quickAccount(h, `late${i}`) })),
    );
    const answers = await Promise.all(
      late.map((p) =>
        call<JoinResponse | ApiError>(h, "POST", `/api/games/${id}/join`, p.cookie, {
          alias: p.alias,
          report: REPORT,
        }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 409, 409],
      answers.map((a) => a.text).join("\n"),
    );
    for (const a of answers) if (a.status === 409) assert.equal(errorOf(a).code, "game-full");
    const winner = late[answers.findIndex((a) => a.status === 200)]!;
    const reports = await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`));
    assert.deepEqual(
      reports.json.reports.map((r) => r.alias),
      ["甲", "乙", winner.alias],
    );
    // Nothing of a refused join stays: no member row behind its alias, and its account is not in the game.
    const roster = await must(call<RosterResponse>(h, "GET", `/api/games/${id}/referee/roster`, referee));
    const players = roster.json.members.filter((m) => m.kind === "player");
    assert.deepEqual(players.map((m) => m.alias).sort(), ["乙", "甲", winner.alias].sort());
    for (const [i, p] of late.entries()) {
      if (answers[i]!.status === 200) continue;
      const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, p.cookie));
      assert.equal(view.json.viewer.alias, null, `${p.alias}'s account is not a member`);
    }
  });
});

// seed 000: "违规报道要求在规定时间内按600字计重新跟帖报道，否则算自杀。"
test("RULINGS 24: a non-compliant 报道 must be redone at 600 字 by the deadline, or the player counts as a suicide", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const cookies: string[] = [];
    for (const [i, alias] of ["甲", "乙", "丙"].entries()) {
      const c = await quickAccount(h, `u${i}`);
      cookies.push(c);
      await must(call(h, "POST", `/api/games/${id}/join`, c, { alias, report: REPORT }));
    }
    const deadline = local("12-01 18:00:00");
    const reject = (alias: string, who = referee) =>
      call<ApiError>(h, "POST", `/api/games/${id}/referee/reports/reject`, who, {
        alias,
        reason: "非原创",
        redoDeadline: deadline,
      });
    assert.equal((await reject("甲", cookies[1])).status, 403, "players cannot rule on reports");
    assert.equal((await reject("无名")).json.error.code, "report-not-found");
    assert.equal((await reject("甲")).status, 200);
    assert.equal((await reject("乙")).status, 200);
    assert.equal((await reject("甲")).json.error.code, "report-already-rejected");
    const redoShort = await call<ApiError>(h, "POST", `/api/games/${id}/reports`, cookies[0], {
      requestId: rid(),
      text: REPORT,
    });
    assert.equal(redoShort.json.error.code, "report-too-short");
    assert.match(redoShort.json.error.message, /至少需要600字/);
    const notRejected = await call<ApiError>(h, "POST", `/api/games/${id}/reports`, cookies[2], {
      requestId: rid(),
      text: "好".repeat(600),
    });
    assert.equal(notRejected.json.error.code, "report-not-rejected");
    const redo = await call<ReportResponse>(h, "POST", `/api/games/${id}/reports`, cookies[0], {
      requestId: rid(),
      text: "好".repeat(600),
    });
    assert.equal(redo.status, 200, redo.text);
    assert.equal(redo.json.report.status, "redone");
    // 乙 misses the deadline: after it, a redo is refused, and once the game starts the seat is out.
    await advanceTo(h, local("12-01 18:00:01"));
    const lateRedo = await call<ApiError>(h, "POST", `/api/games/${id}/reports`, cookies[1], {
      requestId: rid(),
      text: "好".repeat(600),
    });
    assert.equal(lateRedo.json.error.code, "redo-deadline-passed");
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(
      call(h, "POST", `/api/games/${id}/start`, referee, { seed: "s", round1At: local("12-01 21:00:00") }),
    );
    await advanceTo(h, local("12-01 18:00:02"));
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    const seats = view.json.view!.seats;
    const missed = seats.find((s) => s.alias === "乙");
    assert.equal(missed?.alive, false, "missed redo counts as a suicide");
    // As a suicide, not a referee's ruling, and published at once as one is (seed 000 「自杀者身份立即公布」).
    assert.equal(engineOf(view.json.view).seats.find((s) => s.alias === "乙")?.out?.cause, "redo");
    assert.notEqual(missed?.role ?? null, null);
    assert.equal(seats.find((s) => s.alias === "甲")?.alive, true);
  });
});

test("co-referees and start: only referees; start needs sign-up closed and the right number of players", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const co = await quickAccount(h, "co");
    const player = await quickAccount(h, "player");
    await must(call(h, "POST", `/api/games/${id}/join`, player, { alias: "甲", report: REPORT }));
    const byPlayer = await call(h, "POST", `/api/games/${id}/co-referees`, player, {
      username: "co",
      alias: "副哨",
    });
    assert.equal(byPlayer.status, 403);
    const unknown = await call<ApiError>(h, "POST", `/api/games/${id}/co-referees`, referee, {
      username: "nobody",
      alias: "副哨",
    });
    assert.equal(unknown.json.error.code, "account-not-found");
    assert.equal(
      unknown.json.error.message,
      "找不到用户名为「nobody」的账号",
      "the name typed, to spot a typo",
    );
    const ok = await call(h, "POST", `/api/games/${id}/co-referees`, referee, {
      username: "co",
      alias: "副哨",
    });
    assert.equal(ok.status, 200, ok.text);
    const coRefused = async (username: string, alias: string) =>
      (await call<ApiError>(h, "POST", `/api/games/${id}/co-referees`, referee, { username, alias })).json
        .error;
    const outsider = "co-outsider";
    await quickAccount(h, outsider);
    assert.equal((await coRefused(outsider, "甲")).code, "member-alias-taken");
    assert.equal((await coRefused(outsider, "甲")).message, "马甲「甲」已被本游戏使用，请换一个");
    assert.equal((await coRefused("player", "副哨二")).code, "member-already-player");
    assert.equal((await coRefused("co", "副哨二")).message, "该账号已是本游戏的副哨（马甲「副哨」）");
    assert.equal((await coRefused("co", "副哨")).code, "member-already-under-alias");
    assert.equal((await coRefused("referee", "副哨二")).code, "member-is-referee");
    await h.accounts.setDisabled((await h.storage.findAccountByUsername(outsider))!, true);
    assert.equal((await coRefused(outsider, "副哨二")).code, "member-account-disabled");
    // An alias that clashes is refused for the clash, disabled or not: a probe that adds nobody (the referee's
    // own alias, say) tells nothing of which accounts the admin disabled.
    assert.equal((await coRefused(outsider, "甲")).code, "member-alias-taken");
    assert.equal((await coRefused(outsider, "副哨")).code, "member-alias-taken");
    const roster = await call(h, "GET", `/api/games/${id}/referee/roster`, co);
    assert.equal(roster.status, 200, "a co-referee sees the roster");
    const notClosed = await call<ApiError>(h, "POST", `/api/games/${id}/start`, co, {});
    assert.equal(notClosed.json.error.code, "signup-not-closed");
    await must(call(h, "POST", `/api/games/${id}/signup/close`, co));
    const tooFew = await call<ApiError>(h, "POST", `/api/games/${id}/start`, referee, {});
    assert.equal(tooFew.json.error.code, "wrong-player-count");
    const byPlayerStart = await call(h, "POST", `/api/games/${id}/start`, player, {});
    assert.equal(byPlayerStart.status, 403);
    assert.equal(
      (await call<ApiError>(h, "POST", `/api/games/${id}/signup/close`, referee)).json.error.code,
      "signup-not-open",
    );
  });
});

test("start: roles are dealt from the seed, which is in the referee's log; each player sees only their own card", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 4);
    const cookies: string[] = [];
    for (const [i, alias] of ["甲", "乙", "丙", "丁"].entries()) {
      const c = await quickAccount(h, `u${i}`);
      cookies.push(c);
      await must(call(h, "POST", `/api/games/${id}/join`, c, { alias, report: REPORT }));
    }
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(
      call(h, "POST", `/api/games/${id}/start`, referee, {
        seed: "seed-42",
        round1At: local("12-01 21:00:00"),
      }),
    );
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${id}/referee/log`, referee));
    const started = log.json.events.find((e) => e.type === "GameStarted");
    assert.equal(started!.data.seed, "seed-42");
    for (const c of cookies) {
      const v = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, c));
      const card = v.json.view!.roleCard;
      assert.ok(card, "role card");
      const visibleRoles = v.json.view!.seats.filter((s) => s.role !== null);
      if (card.role === "ranger") assert.equal(visibleRoles.length, 1, "a ranger sees only their own role");
      else assert.equal(visibleRoles.length, 2, "a killer sees the other killer");
    }
    const publicView = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    assert.equal(publicView.json.view!.seats.filter((s) => s.role !== null).length, 0);
    const publicEvents = await must(call(h, "GET", `/api/games/${id}/events`));
    assert.ok(!publicEvents.text.includes("seed-42"), "the seed is in the referee's log only");
  });
});

test("originality: a copied 报道 shows its copied share; a player's check hides the sources, the referee's shows them", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const original =
      "秋风起兮白云飞，草木黄落兮雁南归。兰有秀兮菊有芳，怀佳人兮不能忘。泛楼船兮济汾河，横中流兮扬素波。";
    const u1 = await quickAccount(h, "u1");
    const first = await must(
      call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: original }),
    );
    assert.equal(first.json.report.copiedPercent, 0);
    const u2 = await quickAccount(h, "u2");
    const copy = await must(
      call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u2, {
        alias: "乙",
        report: `我来了。${original}`,
      }),
    );
    assert.ok(copy.json.report.copiedPercent! > 80, `copied share ${copy.json.report.copiedPercent}`);
    const asPlayer = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${id}/originality`, u1, { text: original }),
    );
    assert.equal(asPlayer.json.flagged, true);
    assert.ok(asPlayer.json.spans.length > 0);
    assert.ok(
      asPlayer.json.spans.every((s) => s.source === undefined),
      "no sources for players",
    );
    const asReferee = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${id}/originality`, referee, { text: original }),
    );
    assert.ok(asReferee.json.spans.some((s) => s.source?.title?.includes("报道")));
    const anon = await call(h, "POST", `/api/games/${id}/originality`, undefined, { text: original });
    assert.equal(anon.status, 401);
    const outsider = await call(h, "POST", `/api/games/${id}/originality`, await quickAccount(h, "x"), {
      text: original,
    });
    assert.equal(outsider.status, 403);
  });
});

const POEM =
  "秋风起兮白云飞，草木黄落兮雁南归。兰有秀兮菊有芳，怀佳人兮不能忘。泛楼船兮济汾河，横中流兮扬素波。";

/** Three fresh player accounts, u1–u3. */
async function threeAccounts(h: Harness): Promise<[string, string, string]> {
  return [await quickAccount(h, "u1"), await quickAccount(h, "u2"), await quickAccount(h, "u3")];
}

/** `n` Han characters in no order any other text here has: original by construction. */
function freshText(n: number, salt: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCodePoint(0x4e00 + ((i * 7919 + salt * 104_729) % 20_000));
  return s;
}

test("RULINGS 17 on 报道: over the limit is flagged for everyone until the referee rules; 裁定合规 clears it or withdraws a rejection", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const [u1, u2, u3] = await threeAccounts(h);
    const first = await must(
      call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: POEM }),
    );
    assert.equal(first.json.report.flagged, false);
    const copy = await must(
      call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u2, { alias: "乙", report: `我来了。${POEM}` }),
    );
    assert.equal(copy.json.report.flagged, true, `copied ${copy.json.report.copiedPercent}%`);
    await must(call(h, "POST", `/api/games/${id}/join`, u3, { alias: "丙", report: REPORT }));
    const list = async () =>
      new Map(
        (await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`))).json.reports.map((r) => [
          r.alias,
          r,
        ]),
      );
    assert.deepEqual(
      [...(await list()).values()].map((r) => [r.alias, r.flagged, r.approved]),
      [
        ["甲", false, null],
        ["乙", true, null],
        ["丙", false, null],
      ],
    );

    const approve = (alias: string, who = referee) =>
      call<ApiError>(h, "POST", `/api/games/${id}/referee/reports/approve`, who, {
        alias,
        reason: "引用已注明出处",
      });
    assert.equal((await approve("乙", u1)).status, 403, "players cannot rule on reports");
    assert.equal(errorOf(await approve("无名")).code, "report-not-found");
    assert.equal((await approve("乙")).status, 200);
    const approved = (await list()).get("乙")!;
    assert.equal(approved.flagged, true, "the share stands; the ruling is beside it");
    assert.equal(approved.approved?.reason, "引用已注明出处");
    assert.equal(approved.status, "accepted");
    assert.equal(errorOf(await approve("乙")).code, "report-already-approved");
    assert.equal(errorOf(await approve("乙")).message, "该报道已被裁定合规");

    // A rejection clears the approval; approving again withdraws the rejection, so no redo is due and nobody is out.
    await must(
      call(h, "POST", `/api/games/${id}/referee/reports/reject`, referee, {
        alias: "丙",
        reason: "与马甲无关",
        redoDeadline: local("12-01 18:00:00"),
      }),
    );
    assert.equal((await list()).get("丙")?.status, "rejected");
    assert.equal((await approve("丙")).status, 200);
    const withdrawn = (await list()).get("丙")!;
    assert.equal(withdrawn.status, "accepted");
    assert.equal(withdrawn.rejection, null);
    const redo = await call<ApiError>(h, "POST", `/api/games/${id}/reports`, u3, {
      requestId: rid(),
      text: freshText(600, 1),
    });
    assert.equal(errorOf(redo).code, "report-not-rejected");
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(
      call(h, "POST", `/api/games/${id}/start`, referee, { seed: "s", round1At: local("12-01 21:00:00") }),
    );
    await advanceTo(h, local("12-01 18:00:02"));
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    assert.equal(view.json.view!.seats.find((s) => s.alias === "丙")?.alive, true, "no redo was due");
  });
});

test("a flagged 报道 waits in the referee's inbox until 裁定合规 or a non-compliant ruling; a flagged redo waits again", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const [u1, u2, u3] = await threeAccounts(h);
    await must(call(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: POEM }));
    await must(call(h, "POST", `/api/games/${id}/join`, u2, { alias: "乙", report: `我来了。${POEM}` }));
    await must(call(h, "POST", `/api/games/${id}/join`, u3, { alias: "丙", report: `丙到。${POEM}` }));
    const inbox = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${id}/referee/inbox`, referee))).json.items
        .filter((it) => it.kind === "report-flagged")
        .map((it) => [
          it.fromAlias,
          it.copiedPercent !== undefined && it.copiedPercent > 20,
          it.handled?.outcome,
        ]);
    assert.equal((await call(h, "GET", `/api/games/${id}/referee/inbox`, u1)).status, 403);
    // 甲's poem is original here; the two copies of it are over the limit (RULINGS 17).
    assert.deepEqual(await inbox(), [
      ["乙", true, undefined],
      ["丙", true, undefined],
    ]);
    await must(
      call(h, "POST", `/api/games/${id}/referee/reports/approve`, referee, {
        alias: "乙",
        reason: "引用已注明出处",
      }),
    );
    await must(
      call(h, "POST", `/api/games/${id}/referee/reports/reject`, referee, {
        alias: "丙",
        reason: "抄袭",
        redoDeadline: local("12-01 18:00:00"),
      }),
    );
    assert.deepEqual(await inbox(), [
      ["乙", true, "approved"],
      ["丙", true, "rejected"],
    ]);
    await must(call(h, "POST", `/api/games/${id}/reports`, u3, { requestId: rid(), text: POEM.repeat(14) }));
    assert.deepEqual(await inbox(), [
      ["乙", true, "approved"],
      ["丙", true, "rejected"],
      ["丙", true, undefined],
    ]);
  });
});

test("a redone 报道 is checked on its own text (原创首发), its own rejected text aside, and later texts are checked against it", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await openGame(h, 3);
    const [u1, u2, u3] = await threeAccounts(h);
    const own = freshText(80, 2);
    await must(call(h, "POST", `/api/games/${id}/join`, u1, { alias: "甲", report: POEM }));
    await must(call(h, "POST", `/api/games/${id}/join`, u2, { alias: "乙", report: own }));
    await must(call(h, "POST", `/api/games/${id}/join`, u3, { alias: "丙", report: freshText(80, 3) }));
    for (const alias of ["乙", "丙"]) {
      await must(
        call(h, "POST", `/api/games/${id}/referee/reports/reject`, referee, {
          alias,
          reason: "字数不足以成文",
          redoDeadline: local("12-01 18:00:00"),
        }),
      );
    }
    // 乙 keeps its rejected text and adds to it: its own lineage, not copying.
    const added = freshText(600, 4);
    const redone = await must(
      call<ReportResponse>(h, "POST", `/api/games/${id}/reports`, u2, {
        requestId: rid(),
        text: `${own}${added}`,
      }),
    );
    assert.equal(redone.json.report?.copiedPercent, 0);
    assert.equal(redone.json.report?.flagged, false);
    // 丙's redo is 甲's poem over and over: its share is its own, not the clean one of the text it replaced.
    const copied = await must(
      call<ReportResponse>(h, "POST", `/api/games/${id}/reports`, u3, {
        requestId: rid(),
        text: POEM.repeat(14),
      }),
    );
    assert.equal(copied.json.report?.copiedPercent, 100);
    assert.equal(copied.json.report?.flagged, true);
    // The redo is in the index: 甲 checking 乙's new passage finds it copied.
    const check = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${id}/originality`, u1, {
        text: added.slice(100, 400),
      }),
    );
    assert.equal(check.json.copiedPercent, 100);
  });
});
