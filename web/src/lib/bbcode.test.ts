// BBCode export of results posts: headings bolded, brackets in player text neutralised, plain text untouched.
import assert from "node:assert/strict";
import { test } from "node:test";
import { toBBCode, toPlainText } from "./bbcode.ts";

test("headings in 【】 become bold and the title is sized", () => {
  const out = toBBCode("空军版杀 第1轮结果", "【票杀】\n甲 12票 出局\n【贴杀】\n乙 出局");
  assert.equal(
    out,
    "[size=4][b]空军版杀 第1轮结果[/b][/size]\n[b]【票杀】[/b]\n甲 12票 出局\n[b]【贴杀】[/b]\n乙 出局",
  );
});

test("an alias containing BBCode cannot inject markup", () => {
  const out = toBBCode("t", "[url=http://x]马甲[/url] 出局");
  assert.ok(!out.includes("[url"));
  assert.ok(out.includes("［url=http://x］马甲［/url］"));
});

test("plain text keeps the text as written with CRLF normalised", () => {
  assert.equal(toPlainText("标题", "a\r\nb"), "标题\na\nb");
});
