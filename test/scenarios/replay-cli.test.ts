// `bansha replay` end to end: refusals printed either way, --strict exits 1, a malformed file exits 2 naming its line.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, "../../src/cli/main.ts");

function replay(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", main, "replay", ...args], { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const refused = join(here, "02-vote-deadline-to-the-second.yaml");

/** Scenario `file` cut at `at` into `dir`: later events dropped (times share the +08:00 offset, so text order is time order). */
function cutAt(dir: string, file: string, at: string): string {
  const [head = "", rest = ""] = readFileSync(join(here, file), "utf8").split(/^events:\n/m);
  const events = (rest.split(/^until: /m)[0] ?? "")
    .split(/^(?= {2}- )/m)
    .filter((e) => (/at: "([^"]+)"/.exec(e)?.[1] ?? "") <= at);
  const copy = join(dir, file);
  // A rule set file is named relative to the scenario: the copy names it where it is.
  const rules = head.replace(/^rules: rules\//m, `rules: ${join(here, "rules")}/`);
  writeFileSync(copy, `${rules}events:\n${events.join("")}until: "${at}"\n`);
  return copy;
}

test("a refused command is printed with its code, and is no tool error without --strict", () => {
  const r = replay(refused);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { refusals: { code: string }[]; rounds: unknown[] };
  assert.deepEqual(
    out.refusals.map((x) => x.code),
    ["vote.after-deadline", "vote.after-deadline"],
  );
  assert.match(r.stderr, /line \d+ events\[4\] vote by 侠06 .*: vote\.after-deadline: /);
});

test("--strict turns refusals into exit 1, and still prints them", () => {
  const r = replay(refused, "--strict");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /vote\.after-deadline/);
});

test("--format md prints the results posts in Chinese", () => {
  const r = replay(join(here, "05-overtime-then-first-reached.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /## 第1轮结果/);
  assert.match(r.stdout, /平票加时：侠20、侠21 平票/);
  assert.match(r.stdout, /加时依然平票，按先到先出。/);
  assert.match(r.stdout, /票杀：侠21（白道·游侠）/);
});

test("--format md: a round's post ends with the next round's 进程, as the live post does (seed 000 「同时发布下一轮的游戏进程」)", () => {
  const r = replay(join(here, "score/21-two-houses-points-never-cross-houses.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  const first = r.stdout.split(/\n---\n/)[0] ?? "";
  assert.match(
    first,
    /^第2轮进程：票杀5人；出帖：A组杀手2帖、B组杀手1帖、独立刺客1帖、情侣刺客1帖、联合剑侠1帖。$/m,
  );
  // A game that ended keeps its earlier posts as published (风云 audit: every 进程 line vanished once it ended); its
  // last post has none.
  const ended = replay(join(here, "63-complaint-holds-the-end.yaml"), "--format", "md");
  const [round1, round2] = ended.stdout.split(/\n---\n/);
  assert.match(round1 ?? "", /^第2轮进程：/m);
  assert.match(round2 ?? "", /游戏结束：白道胜利/);
  assert.doesNotMatch(round2 ?? "", /进程/);
  // 7kill announces no 进程: its days follow the threshold rule.
  const sevenkill = replay(join(here, "sevenkill/37-duel-proxy-votes-are-marked.yaml"), "--format", "md");
  assert.doesNotMatch(sevenkill.stdout, /进程/);
});

test("--format md, 两府制: each score line names the house of its dead (seed 000 「结果发布时分值始终不跨楼归属」)", () => {
  const r = replay(join(here, "score/21-two-houses-points-never-cross-houses.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  // 刺1 and 侣1 play in house 2: their points are settled there, as 二府当前得分 counts them.
  assert.match(r.stdout, /^二府分值：刺1（苍龙斧） 1分归白道/m);
  assert.match(r.stdout, /^二府分值：侣1（五音销魂鞭） 1分归白道/m);
  assert.match(r.stdout, /^一府分值：剑1（狙击手） 1分归白道/m);
  assert.doesNotMatch(r.stdout, /^一府分值：(刺1|侣1)/m);
});

test("--format md: a round whose vote or 加时 still runs has no results post yet (本轮进行中), like the live preview", () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-replay-"));
  const until = (file: string, at: string) => cutAt(dir, file, at);
  try {
    // Round 2's posts are out (明 and 剑一 帖杀) at 21:30; its vote closes the next day.
    const posts = replay(
      until("41-crossed-posts-sword-first.yaml", "2026-12-02T22:00:00+08:00"),
      "--format",
      "md",
    );
    assert.equal(posts.code, 0, posts.stderr);
    assert.match(posts.stdout, /## 第1轮结果/);
    assert.doesNotMatch(posts.stdout, /第2轮结果/);
    assert.match(posts.stdout, /## 第2轮\n\n本轮进行中，尚无结果。/);
    // Round 1's 加时 runs from 21:00 to 21:15.
    const overtime = replay(
      until("05-overtime-then-first-reached.yaml", "2026-12-02T21:10:00+08:00"),
      "--format",
      "md",
    );
    assert.equal(overtime.code, 0, overtime.stderr);
    assert.doesNotMatch(overtime.stdout, /第1轮结果/);
    assert.match(overtime.stdout, /## 第1轮\n\n本轮进行中，尚无结果。/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--format md: 「结束条件已成立…」 is on no results post published before the ending held (scenario 54)", () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-replay-"));
  const line = /结束条件已成立：白道胜利（联合杀手、情侣刺客、独立刺客全部出局）。第1轮领票人待哨子裁定/;
  // Each round's post, by its heading.
  const post = (md: string, round: number) =>
    md.split(/\n---\n/).find((p) => p.includes(`## 第${round}轮`)) ?? "";
  try {
    // 22:00: round 2's posts have put the last killer out, its vote runs. Round 1's post (21:00) predates that.
    const mid = replay(
      cutAt(dir, "54-end-waits-shown-from-the-round-it-held.yaml", "2026-12-02T22:00:00+08:00"),
      "--format",
      "md",
    );
    assert.equal(mid.code, 0, mid.stderr);
    assert.match(post(mid.stdout, 1), /## 第1轮结果/);
    assert.doesNotMatch(mid.stdout, line);
    // Round 2's results post, published with 杀一's identity, is the first to say it.
    const after = replay(join(here, "54-end-waits-shown-from-the-round-it-held.yaml"), "--format", "md");
    assert.equal(after.code, 0, after.stderr);
    assert.doesNotMatch(post(after.stdout, 1), line);
    assert.match(post(after.stdout, 2), line);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--format md: the 高票对决's line marks its 托票 as the day's line does (seed 001 代投 「以让其他玩家清楚该玩家的投票情况」)", () => {
  const r = replay(join(here, "sevenkill/37-duel-proxy-votes-are-marked.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /投票结果：民1 7票（含托票1张），杀1 7票（含托票1张）/);
  assert.match(r.stdout, /对决结果：杀1 8票（含托票1张），民1 7票（含托票1张）/);
});

test("--format md: ballots on a player shot by day are void, not 弃权 (seed 001 「弃权也需要发投票帖」, 「投票对象：无」)", () => {
  const r = replay(
    join(here, "sevenkill/38-votes-on-a-player-shot-by-day-are-void-not-abstentions.yaml"),
    "--format",
    "md",
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\n弃权：民4、匪\n/);
  assert.match(r.stdout, /\n投给已出局者（作废）：杀1、杀2、杀3、杀4、民5、民6、民7\n/);
});

test("--format md: a duel whose other duellist left puts nobody out short of 40% (seed 001 「大于等于未出局人数的40%者，将被投出局」)", () => {
  const r = replay(
    join(here, "sevenkill/39-duellist-shot-the-other-short-of-40-percent-stays.yaml"),
    "--format",
    "md",
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /对决结果：杀1 5票\n对决中投给已出局者（作废）：民5、民6\n高票对决无人达到出局票数，无人被投出局。/,
  );
  assert.doesNotMatch(r.stdout, /投票出局/);
});

test("--format md: a 7kill round prints its day's post, then its night's (「III.天亮公布结果」): the night's dead only there", () => {
  // Day 1: 匪 shoots 杀1 by day, 杀2 is voted out; night 1 the killers take 民1; day 2 杀3 out, night 2 民2.
  const r = replay(join(here, "sevenkill/28-full-game-white-wins-with-points.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  const posts = r.stdout.split("\n\n---\n\n");
  assert.deepEqual(
    posts.map((p) => p.split("\n")[0]),
    ["## 第1天结果", "## 第1夜结果", "## 第2天结果", "## 第2夜结果", "## 第3天结果"],
  );
  assert.match(posts[0]!, /^投票出局：杀2（杀手方·杀手）\n出局（不公布死因）：杀1（杀手方·杀手）$/m);
  assert.doesNotMatch(posts[0]!, /民1/);
  assert.match(posts[0]!, /\n白天出局2人，现存活14人。$/);
  assert.equal(
    posts[1],
    [
      "## 第1夜结果",
      "",
      "出局（不公布死因）：民1（好人方·水民）",
      // 「前三夜出局的玩家有遗言」; 「等待死者遗言：12:50～20:00」.
      "遗言：民1，请于 12月3日 20:00 前发表遗言。",
      "",
      "夜晚出局1人，现存活13人。",
    ].join("\n"),
  );
  // The game ends by day 3's vote: that day's post says so, and no night follows.
  assert.match(posts[4]!, /\*\*游戏结束：好人方胜利。\*\*/);
  // A game that ends at dawn says so in the night's post, not the day's before it.
  const dawn = replay(join(here, "sevenkill/31-draw-when-all-villagers-are-out.yaml"), "--format", "md");
  const dawnPosts = dawn.stdout.split("\n\n---\n\n");
  assert.match(dawnPosts.at(-1)!, /^## 第3夜结果\n\n出局（不公布死因）：民7（好人方·水民）\n/);
  assert.match(dawnPosts.at(-1)!, /\*\*游戏结束：平局。\*\*/);
  assert.doesNotMatch(dawnPosts.at(-2)!, /游戏结束/);
  // A night nobody left is 平安夜.
  const quiet = replay(
    join(here, "sevenkill/36-no-last-words-due-opens-the-day-at-dawn.yaml"),
    "--format",
    "md",
  );
  assert.match(quiet.stdout, /## 第1夜结果\n\n平安夜，无人出局。\n\n夜晚出局0人，现存活16人。/);
});

test("a malformed file exits 2 with the line and the problem", () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-replay-"));
  try {
    const file = join(dir, "bad.yaml");
    writeFileSync(
      file,
      [
        "rules: airforce-40",
        'start: "2026-12-01T21:00:00+08:00"',
        "seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}]",
        "events:",
        '  - {at: "2026-12-02T10:00:00+08:00", vote: {by: 乙, for: [丁]}}',
        '  - {at: "2026-12-02T11:00:00+08:00", vot: {by: 乙, for: [甲]}}',
        'until: "2026-12-02T21:10:00+08:00"',
      ].join("\n"),
    );
    const r = replay(file);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /line 6: events\[1\]\.vot: unknown field "vot"/);
    const r2 = replay(file.replace("bad", "missing"));
    assert.equal(r2.code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("--format md: a score line names the dead seat's own 代号, so 「代号正确」/「代号错误」 can be checked (seed 000 「公布…分值归属原因」)", () => {
  const r = replay(join(here, "score/12-black-voted-out-right-code-scores-for-white.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^分值：A1（疯魔拳） 1分归白道——黑道分值人员被票杀，代号正确，分值归白道（票楼代号：疯魔拳）。$/m,
  );
});

test("--format md: a 领票人's score line says 「比照烟花处理」, as seed 000 does, not 烟花", () => {
  // Seed 000: 「票楼无需特殊身份人挑选，而被固定带走的分值玩家（如领票人），比照烟花处理。」
  const r = replay(
    join(here, "score/09-black-lead-voter-taken-along-by-the-black-bomb.yaml"),
    "--format",
    "md",
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^分值：B1（天心刀） 1分归白道——领票人，比照烟花处理，分值归对方阵营。$/m);
});

test("--format md: a 冲抵 line names each camp's forces, as the seed's example does, and never a poster", () => {
  // Seed 000: 「如同一轮次杀贴剑代号错，剑贴蛋烟花，则黑白双方力量冲抵后均不得分；如此轮尚有刺贴剑，代号对则黑道可得分…」
  const cancelled = replay(join(here, "score/18-worked-example-forces-cancel.yaml"), "--format", "md");
  assert.equal(cancelled.code, 0, cancelled.stderr);
  assert.match(
    cancelled.stdout,
    /^分值：剑1（狙击手） 双方均不得分——黑白双方力量冲抵后均不得分（黑道力量1份：贴黑蛋烟花；白道力量1份：A组杀手贴杀代号错误）。$/m,
  );
  const left = replay(
    join(here, "score/19-worked-example-assassin-right-code-black-scores.yaml"),
    "--format",
    "md",
  );
  assert.equal(left.code, 0, left.stderr);
  assert.match(
    left.stdout,
    /^分值：剑1（狙击手） 1分归黑道——黑白双方力量冲抵后，余力一方得分（黑道力量2份：独立刺客贴杀代号正确、贴黑蛋烟花；白道力量1份：A组杀手贴杀代号错误）。$/m,
  );
  // The posters (刺1, A1) are alive: the public post names their posting units, as the released posts do.
  assert.doesNotMatch(left.stdout, /刺1贴杀|A1贴杀/);
});

test("--format md: the final score shows how each total is made up (scenario 23, docs/scoring.md §11)", () => {
  // Seed 000: 「双方最后分数总和=游戏过程中从双方死亡分值人员身上抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分」
  const r = replay(join(here, "score/23-full-game-scored-to-the-end.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^最终得分（含存活分）：黑道 15分（抢得3分＋存活已激活3分＋个人存活分9人×1分＝9分），白道 298\/43分（约6\.93分；抢得4分＋存活已激活0分＋个人存活分9人×14\/43分＝126\/43分）。$/m,
  );
});

test("--format md: 两府制 ends with each house's final score, then their sum", () => {
  // Seed 000: 「两府制算分时，分数不跨票楼归属…只是结果发布时分值始终不跨楼归属。」 Scenario 28 as it stands after round 3,
  // ended there by the referee (no two-house scenario reaches its end by itself).
  const dir = mkdtempSync(join(tmpdir(), "bansha-houses-"));
  try {
    const source = readFileSync(join(here, "score/28-two-houses-early-end-counts-every-house.yaml"), "utf8");
    const file = join(dir, "ended.yaml");
    writeFileSync(
      file,
      source
        .replace("rules: rules/", `rules: ${join(here, "score/rules")}/`)
        .replace(
          /^until: .*$/m,
          [
            '  - { at: "2026-12-04T21:10:00+08:00", referee: { action: end-game, winner: black, reason: 测试 } }',
            'until: "2026-12-04T21:30:00+08:00"',
          ].join("\n"),
        ),
    );
    const r = replay(file, "--format", "md");
    assert.equal(r.code, 0, r.stderr);
    // After round 3: house 1 has 剑1's point (→ black), A1 alive and activated, 7 black seats and 侠16 alive; house 2
    // has 7 black seats and 侠31, 侠32 alive. A white survivor scores 14/43 (14 : 43).
    assert.match(
      r.stdout,
      /^一府最终得分（含存活分）：黑道 9分（抢得1分＋存活已激活1分＋个人存活分7人×1分＝7分），白道 14\/43分（约0\.33分；抢得0分＋存活已激活0分＋个人存活分1人×14\/43分＝14\/43分）。$/m,
    );
    assert.match(
      r.stdout,
      /^二府最终得分（含存活分）：黑道 7分（抢得0分＋存活已激活0分＋个人存活分7人×1分＝7分），白道 28\/43分（约0\.65分；抢得0分＋存活已激活0分＋个人存活分2人×14\/43分＝28\/43分）。$/m,
    );
    assert.match(
      r.stdout,
      /^最终得分（含存活分，两府合计）：黑道 16分（一府9分＋二府7分），白道 42\/43分（约0\.98分；一府14\/43分＋二府28\/43分）。$/m,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
