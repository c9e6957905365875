// A malformed body's problems in plain Chinese, each field named as the forms label it and by its key.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { fieldMessage } from "./field-messages.ts";
import {
  AdminAccountsQuery,
  ComplaintBody,
  CredentialsBody,
  OverrideBody,
  PasswordChangeBody,
  PasswordResetBody,
  RejectReportBody,
} from "./schemas.ts";

function said(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input, { error: z.locales.zhCN().localeError });
  assert.equal(r.success, false);
  return r.error!.issues.map((i) => fieldMessage(i, input, i.message));
}

test("lengths say how many characters, not 数值过小", () => {
  assert.deepEqual(said(CredentialsBody, { username: "abc", password: "short12" }), [
    "密码（password）至少需要8个字符",
  ]);
  assert.deepEqual(said(RejectReportBody, { alias: "甲", reason: "", redoDeadline: 1 }), [
    "理由（reason）不能为空",
  ]);
  // A field's own message (the alias's characters) is kept, after the field's name.
  assert.deepEqual(said(RejectReportBody, { alias: "a b", reason: "x", redoDeadline: 1 }), [
    `马甲（alias）：不能包含空白或 <>"'&`,
  ]);
});

test("a missing field is 必须填写; a wrong type says what it should be; a nested field keeps its path", () => {
  assert.deepEqual(said(ComplaintBody, { requestId: "request-0001", post: 0, text: "抄袭" }), [
    "轮次（round）必须填写",
  ]);
  assert.deepEqual(said(ComplaintBody, { requestId: "request-0001", round: "一", post: 0, text: "抄袭" }), [
    "轮次（round）应为数字",
  ]);
  assert.deepEqual(
    said(OverrideBody, {
      requestId: "request-0001",
      override: { action: "end-game", winner: "ranger" },
      reason: "x",
    }),
    ["判定结果（override.winner）的取值无效"],
  );
});

test("an unknown key is named; a field without a label is named by its key", () => {
  assert.deepEqual(said(CredentialsBody, { username: "abc", password: "long enough", extra: 1 }), [
    "不支持的字段：extra",
  ]);
  assert.deepEqual(said(z.strictObject({ omit: z.enum(["VoteCast"]) }), { omit: "PlayerOut" }), [
    "omit的取值无效",
  ]);
});

test("the account routes' fields are named as their forms label them", () => {
  assert.deepEqual(said(PasswordChangeBody, { currentPassword: "", newPassword: "short" }), [
    "当前密码（currentPassword）不能为空",
    "新密码（newPassword）至少需要8个字符",
  ]);
  assert.deepEqual(said(PasswordResetBody, { password: "long-enough-1" }), ["链接（token）必须填写"]);
  assert.deepEqual(said(AdminAccountsQuery, { prefix: "a".repeat(65), after: 1 }), [
    "用户名开头（prefix）最多64个字符",
    "起始位置（after）应为文字",
  ]);
});
