// BBCode and plain-text export of results posts (src/app/results-post.ts writes "## 第N轮结果" and "**…**").
import assert from "node:assert/strict";
import { test } from "node:test";
import { toBBCode, toPlainText } from "./bbcode.ts";

const POST = "## 第1轮结果\n\n票楼结果：甲 2票\n【贴杀】\n乙（白道·游侠）\n\n**游戏结束：白道胜利。**";

test("headings are sized and bold, 【】 sections and **bold** become [b]", () => {
  assert.equal(
    toBBCode(POST),
    "[size=4][b]第1轮结果[/b][/size]\n\n票楼结果：甲 2票\n[b]【贴杀】[/b]\n乙（白道·游侠）\n\n[b]游戏结束：白道胜利。[/b]",
  );
});

test("an alias containing BBCode cannot inject markup", () => {
  const out = toBBCode("[url=http://x]马甲[/url] 出局");
  assert.ok(!out.includes("[url"));
  assert.equal(out, "［url=http://x］马甲［/url］ 出局");
});

test("plain text drops the Markdown marks and normalises CRLF", () => {
  assert.equal(toPlainText("## 标题\r\n**粗体**行"), "标题\n粗体行");
});
