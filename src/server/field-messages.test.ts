// A malformed body's problems in plain Chinese, each field named as the forms label it (its key only when unlabelled).
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { fieldMessage } from "./field-messages.ts";
import {
  AdminAccountsQuery,
  ApproveReportBody,
  ComplaintBody,
  ComplaintRulingBody,
  CreateGameBody,
  CredentialsBody,
  IouExtensionBody,
  JoinBody,
  OverrideBody,
  PasswordChangeBody,
  PasswordResetBody,
  RejectReportBody,
  RemoveSignupBody,
  StreamQuery,
} from "./schemas.ts";

function said(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input, { error: z.locales.zhCN().localeError });
  assert.equal(r.success, false);
  return r.error!.issues.map((i) => fieldMessage(i, input, i.message));
}

test("lengths say how many characters, not 数值过小", () => {
  assert.deepEqual(said(CredentialsBody, { username: "abc", password: "short12" }), ["密码至少需要8个字符"]);
  assert.deepEqual(said(RejectReportBody, { alias: "甲", reason: "", redoDeadline: 1 }), ["理由不能为空"]);
  // A field's own message (the alias's characters) is kept, after the field's name.
  assert.deepEqual(said(JoinBody, { alias: "a b", report: "x" }), [`马甲：不能包含空白或 <>"'&`]);
});

test("a ruling's reason of blanks is refused on every ruling form: it goes on the record and says nothing", () => {
  const blank = "  \u3000 ";
  const bodies: [z.ZodType, Record<string, unknown>][] = [
    [RejectReportBody, { alias: "甲", redoDeadline: 1 }],
    [ApproveReportBody, { alias: "甲" }],
    [RemoveSignupBody, { alias: "甲" }],
    [IouExtensionBody, { requestId: "request-0001", requestedBy: [1] }],
    [ComplaintRulingBody, { requestId: "request-0001", against: 1, upheld: true }],
    [OverrideBody, { requestId: "request-0001", override: { action: "revive", target: 1 } }],
  ];
  for (const [schema, body] of bodies) {
    assert.deepEqual(said(schema, { ...body, reason: blank }), ["理由不能为空"]);
    // The reason is stored as written, less the blanks around it.
    const parsed = schema.parse({ ...body, reason: " 抄袭 " }) as { reason: string };
    assert.equal(parsed.reason, "抄袭");
  }
});

test("a missing field is 必须填写; a wrong type says what it should be; a nested field is named by its label", () => {
  assert.deepEqual(said(ComplaintBody, { requestId: "request-0001", post: 0, text: "抄袭" }), [
    "轮次必须填写",
  ]);
  assert.deepEqual(said(ComplaintBody, { requestId: "request-0001", round: "一", post: 0, text: "抄袭" }), [
    "轮次应为数字",
  ]);
  assert.deepEqual(
    said(OverrideBody, {
      requestId: "request-0001",
      override: { action: "end-game", winner: "ranger" },
      reason: "x",
    }),
    ["判定结果的取值无效"],
  );
});

test("the username is 用户名 as the register form says, with no English key; a list item says which", () => {
  assert.deepEqual(said(CredentialsBody, { username: "a", password: "long enough" }), [
    "用户名至少需要2个字符",
  ]);
  assert.deepEqual(said(z.strictObject({ targets: z.array(z.int()) }), { targets: [1, "x"] }), [
    "投票对象第2项应为数字",
  ]);
});

test("an unknown key is named; a field without a label is named by its key", () => {
  assert.deepEqual(said(CredentialsBody, { username: "abc", password: "long enough", extra: 1 }), [
    "不支持的字段：extra",
  ]);
  assert.deepEqual(said(z.strictObject({ kind: z.enum(["a"]) }), { kind: "b" }), ["kind的取值无效"]);
});

test("every field the game routes take is named in Chinese (routes audit: 「override必须填写」, 「asIou的取值无效」)", () => {
  assert.deepEqual(said(OverrideBody, { requestId: "request-0001", reason: "x" }), ["操作内容必须填写"]);
  assert.deepEqual(
    said(OverrideBody, {
      requestId: "request-0001",
      override: { action: "set-progression", round: 2, voteOut: "二" },
      reason: "x",
    }),
    ["票杀人数应为数字"],
  );
  assert.deepEqual(said(StreamQuery, { omit: "PlayerOut", limit: "x" }), [
    "条数应为数字",
    "略去的事件的取值无效",
  ]);
  assert.deepEqual(
    said(ComplaintRulingBody, {
      requestId: "request-0001",
      against: 3,
      upheld: true,
      reason: "抄袭",
      asIou: false,
    }),
    ["按白条处理的取值无效"],
  );
  // A schema's own check reads as one sentence with the field, as the built-in ones do.
  assert.deepEqual(said(CreateGameBody, { name: "测试局", refereeAlias: "哨子" }), [
    "规则只能在预设和上传的规则文本中选一个",
  ]);
});

test("the account routes' fields are named as their forms label them", () => {
  assert.deepEqual(said(PasswordChangeBody, { currentPassword: "", newPassword: "short" }), [
    "当前密码不能为空",
    "新密码至少需要8个字符",
  ]);
  assert.deepEqual(said(PasswordResetBody, { password: "long-enough-1" }), ["链接必须填写"]);
  assert.deepEqual(said(AdminAccountsQuery, { prefix: "a".repeat(65), after: 1 }), [
    "用户名开头最多64个字符",
    "起始位置应为文字",
  ]);
});
