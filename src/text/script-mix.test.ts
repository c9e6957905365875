// Tests the 繁体字帖 / 外文帖 hint on hand-written texts, and the hand-curated character pairs against OpenCC.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as OpenCC from "opencc-js/t2cn";
import { rankedChars } from "./char-frequency.ts";
import { SCRIPT_PAIRS, scriptMix } from "./script-mix.ts";

const SEED_002 = "哨群有权拒绝外文帖、繁体字帖、策划案、教案、会议记录等无魂贴充作杀贴。";

const SIMPLIFIED =
  "那天晚上我们在河边坐了很久，谁也没有说话。风从对岸吹过来，带来一点潮湿的气味。他忽然问我，还记得小时候" +
  "一起去学校的那条路吗？我说当然记得，路边有一棵很大的树，夏天的时候我们总在树下等车。后来那棵树被砍了，" +
  "路也变宽了，可是每次经过那里，我还是会想起当年的样子。";

// Written by hand, not converted by the module under test; the first test checks it against OpenCC.
const TRADITIONAL =
  "那天晚上我們在河邊坐了很久，誰也沒有說話。風從對岸吹過來，帶來一點潮濕的氣味。他忽然問我，還記得小時候" +
  "一起去學校的那條路嗎？我說當然記得，路邊有一棵很大的樹，夏天的時候我們總在樹下等車。後來那棵樹被砍了，" +
  "路也變寬了，可是每次經過那裡，我還是會想起當年的樣子。";

const ENGLISH =
  "We sat by the river for a long time that night, and neither of us said a word. The wind came over from " +
  "the far bank and carried a faint smell of damp earth. Then he asked me whether I still remembered the road " +
  "we used to walk to school when we were children. Of course I remembered it. There was a huge tree beside " +
  "the road, and in summer we always waited for the bus in its shade. Later the tree was cut down and the road " +
  "was widened, but every time I pass that place I still think of how it used to be.";

const JAPANESE =
  "昨日は友達と一緒に公園へ行きました。桜の花がとてもきれいで、たくさんの人が写真を撮っていました。" +
  "帰りに小さなカフェに寄って、コーヒーを飲みながらいろいろな話をしました。";

describe(`seed 002 「${SEED_002}」`, () => {
  it("the hand-written traditional text is the simplified one in traditional characters (OpenCC agrees)", () => {
    const toSimplified: (text: string) => string = OpenCC.Converter({ from: "t", to: "cn" });
    assert.equal(toSimplified(TRADITIONAL), SIMPLIFIED);
  });

  it("繁体字帖: an ordinary simplified paragraph is not flagged, the same paragraph in traditional is", () => {
    const simplified = scriptMix(SIMPLIFIED);
    assert.deepEqual(simplified.flags, []);
    assert.equal(simplified.traditionalShare, 0);
    const traditional = scriptMix(TRADITIONAL);
    assert.deepEqual(traditional.flags, ["traditional"]);
    assert.ok(traditional.traditionalShare > 0.9, String(traditional.traditionalShare));
    assert.equal(traditional.han, simplified.han);
  });

  it("繁体字帖: a simplified post quoting a traditional phrase or two is not flagged", () => {
    const quoting = `${SIMPLIFIED}\n招牌上写着繁体的「國泰民安」，旁边还有一行小字「歡迎光臨」。`;
    const mix = scriptMix(quoting);
    assert.ok(mix.traditional >= 3, String(mix.traditional));
    assert.deepEqual(mix.flags, []);
  });

  it("外文帖: an English paragraph is flagged foreign, and so is an 800-word English post", () => {
    const mix = scriptMix(ENGLISH);
    assert.deepEqual(mix.flags, ["foreign"]);
    assert.equal(mix.foreignShare, 1);
    const long = scriptMix(Array.from({ length: 8 }, () => ENGLISH).join("\n\n"));
    assert.ok(long.foreign > 800, String(long.foreign));
    assert.deepEqual(long.flags, ["foreign"]);
  });

  it("外文帖: a Chinese paragraph with some English terms and a URL is not flagged", () => {
    const text =
      "我昨天在 GitHub 上看到一个开源项目，叫 React Native，文档写得很清楚，地址是 " +
      "https://github.com/facebook/react-native?tab=readme-ov-file ，有兴趣的朋友可以看看。作者说这个版本修复了 " +
      "iOS 和 Android 上的几个 bug，下个月还会发布 2.0 版，到时候我再写一篇文章仔细介绍。";
    const mix = scriptMix(text);
    // GitHub, React, Native, iOS, Android, bug: the URL counts nothing.
    assert.equal(mix.foreign, 6);
    assert.ok(mix.foreignShare < 0.1, String(mix.foreignShare));
    assert.deepEqual(mix.flags, []);
  });

  it("外文帖: Japanese text (kana with kanji) is flagged foreign", () => {
    const mix = scriptMix(JAPANESE);
    assert.deepEqual(mix.flags, ["foreign"]);
    assert.ok(mix.foreignShare > 0.5, String(mix.foreignShare));
    // Kanji such as 話 達 飲 are traditional forms too; a long Japanese post is still only 外文.
    const long = scriptMix(JAPANESE.repeat(5));
    assert.ok(long.traditionalShare > 0.5 && long.traditional >= 10, String(long.traditional));
    assert.deepEqual(long.flags, ["foreign"]);
  });

  it("外文帖: Korean text is flagged foreign; Bopomofo beside Chinese is not foreign", () => {
    const korean =
      "오늘은 날씨가 정말 좋아서 친구들과 함께 한강 공원에 갔습니다. 저녁에는 맛있는 음식을 먹었습니다.";
    assert.deepEqual(scriptMix(korean).flags, ["foreign"]);
    assert.equal(scriptMix(`${SIMPLIFIED}ㄅㄆㄇㄈ`.repeat(3)).foreign, 0);
  });

  it("too little text for a verdict: a few traditional characters or foreign words flag nothing", () => {
    assert.deepEqual(scriptMix("謝謝你們").flags, []);
    assert.deepEqual(scriptMix("OK, see you tomorrow").flags, []);
    assert.deepEqual(scriptMix("").flags, []);
  });
});

describe("the hand-curated character pairs", () => {
  const toSimplified: (text: string) => string = OpenCC.Converter({ from: "t", to: "cn" });

  it("each traditional form converts to its paired simplified form, which is simplified already", () => {
    for (const [t, s] of SCRIPT_PAIRS) {
      assert.equal(toSimplified(t), s, `${t} → ${s}`);
      assert.notEqual(t, s);
      assert.equal(toSimplified(s), s, s);
    }
    assert.equal(new Set(SCRIPT_PAIRS.map(([t]) => t)).size, SCRIPT_PAIRS.length);
  });

  it("no traditional form is a common simplified character (後 aside: simplified writes 后)", () => {
    const common = new Set(rankedChars());
    const clash = SCRIPT_PAIRS.map(([t]) => t).filter((t) => common.has(t) && t !== "後");
    assert.deepEqual(clash, []);
  });
});
