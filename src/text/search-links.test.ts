// Tests the choice of distinctive sentences and the search-link template.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { searchLinks } from "./search-links.ts";

describe("search links for 百度内容", () => {
  const post = "我们是在一个人的时候说的。青鸾衔枝掠过琉璃瓦檐，惊起满庭梧桐。他说不是这样的人。短句。";

  it("picks the sentence of rarest characters first and skips short ones", () => {
    const links = searchLinks(post, { count: 2 });
    assert.equal(links[0]?.sentence, "青鸾衔枝掠过琉璃瓦檐，惊起满庭梧桐");
    assert.equal(links.length, 2);
    assert.ok(links.every((l) => l.sentence !== "短句"));
    assert.ok((links[0]?.score ?? 0) > (links[1]?.score ?? 0));
  });

  it("builds links from the default Baidu template or a configured one", () => {
    const [first] = searchLinks(post, { count: 1 });
    assert.equal(first?.url, `https://www.baidu.com/s?wd=${encodeURIComponent(first?.sentence ?? "")}`);
    const [bing] = searchLinks(post, { count: 1, template: "https://cn.bing.com/search?q={q}&form=x" });
    assert.match(bing?.url ?? "", /^https:\/\/cn\.bing\.com\/search\?q=%E9%9D%92.*&form=x$/);
  });

  it("cuts sentences longer than the query limit at commas", () => {
    const long = `${"天地玄黄宇宙洪荒日月盈昃辰宿列张"}，${"寒来暑往秋收冬藏闰余成岁律吕调阳"}，${"云腾致雨露结为霜金生丽水玉出昆冈"}。`;
    const links = searchLinks(long, { maxChars: 20, count: 5 });
    assert.equal(links.length, 3);
    assert.ok(links.every((l) => [...l.sentence].length <= 20));
  });
});
