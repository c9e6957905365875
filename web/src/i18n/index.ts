// The active message catalog. Adding a language: one file typed `Messages`, selected here.
import { type Messages, zhCN } from "./zh-CN.ts";

export type { Messages };
export const m: Messages = zhCN;
export const locale = "zh-CN";
