// Says a malformed field's problem in plain Chinese, the field named the way the forms label it ("密码至少需要8个字符").
import type { z } from "zod";

/** Request fields by their last path segment, as the pages label them. */
const LABELS: Readonly<Record<string, string>> = {
  // The register and log-in forms say 用户名: the message names the field the same way.
  username: "用户名",
  password: "密码",
  alias: "马甲",
  refereeAlias: "哨子马甲",
  name: "名称",
  reason: "理由",
  text: "正文",
  note: "备注",
  target: "对象",
  targets: "投票对象",
  voter: "投票人",
  seat: "座位",
  poster: "出帖人",
  round: "轮次",
  post: "杀帖",
  deadline: "截止项",
  until: "截止时间",
  winner: "判定结果",
  action: "操作",
  preset: "规则",
  rulesText: "规则文本",
  requestId: "请求编号",
  upheld: "裁定",
  code: "代号",
  codes: "代号",
  points: "信誉度",
  offence: "违规类型",
  report: "报道",
  out: "出局者",
  house: "府",
  currentPassword: "当前密码",
  newPassword: "新密码",
  token: "链接",
  prefix: "用户名开头",
  after: "起始位置",
  before: "截止位置",
  requestedBy: "申请人",
  against: "被举报者",
  receivedAt: "收到时间",
  complainant: "举报人",
  awards: "奖项",
  mvp: "MVP",
  acting: "最佳演绎",
  writing: "最佳文字",
  devotion: "最佳投入",
  redoDeadline: "重写截止时间",
  postId: "杀帖编号",
  iouRound: "白条轮次",
  leadVoter: "领票人",
  bomb: "炸弹",
  seed: "随机种子",
  round1At: "第一轮开始时间",
  status: "状态",
  type: "事件类型",
  override: "操作内容",
  asIou: "按白条处理",
  iouDeadline: "白条截止时间",
  iouSeat: "白条出帖人",
  votesPerVoter: "每人票数",
  voteOut: "票杀人数",
  posts: "出帖数",
  extraPosts: "加帖数",
  unit: "出帖组",
  from: "原出帖人",
  severe: "情节严重",
  secret: "不公开",
  part: "结果帖部分",
  limit: "条数",
  omit: "略去的事件",
};

const TYPES: Readonly<Record<string, string>> = {
  string: "文字",
  number: "数字",
  int: "整数",
  boolean: "是或否",
  array: "列表",
  object: "对象",
};

/**
 * The field as the pages call it (「密码」, not 「密码（password）」: the message is read by players; the key is in
 * the problem's `path`). An item of a list says which (「投票对象第2项」). A field without a label keeps its key.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = path.map(String).join(".");
  if (key === "") return "请求";
  const at = path.findLastIndex((p) => typeof p === "string");
  const last = path[at];
  const label = typeof last === "string" ? LABELS[last] : undefined;
  if (!label) return key;
  const item = path[at + 1];
  return typeof item === "number" ? `${label}第${item + 1}项` : label;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** One issue in a sentence; `fallback` is zod's own Chinese message for codes not told apart here. */
export function fieldMessage(issue: z.core.$ZodIssue, input: unknown, fallback: string): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (valueAt(input, issue.path) === undefined) return `${field}必须填写`;
      return `${field}应为${TYPES[issue.expected] ?? issue.expected}`;
    case "too_small": {
      const n = Number(issue.minimum);
      if (issue.origin === "string") return n <= 1 ? `${field}不能为空` : `${field}至少需要${n}个字符`;
      if (issue.origin === "array" || issue.origin === "set") return `${field}至少需要${n}项`;
      return `${field}不能小于${n}`;
    }
    case "too_big": {
      const n = Number(issue.maximum);
      if (issue.origin === "string") return `${field}最多${n}个字符`;
      if (issue.origin === "array" || issue.origin === "set") return `${field}最多${n}项`;
      return `${field}不能大于${n}`;
    }
    case "invalid_value":
      return `${field}的取值无效`;
    case "unrecognized_keys":
      return `${field === "请求" ? "" : field}不支持的字段：${issue.keys.join("、")}`;
    case "invalid_union":
      return `${field}的格式不正确`;
    // A schema's own check says its problem as the rest of a sentence after the field (「正文不能为空」).
    case "custom":
      return `${field}${fallback}`;
    default:
      return `${field}：${fallback}`;
  }
}
