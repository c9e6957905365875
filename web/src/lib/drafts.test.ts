// Drafts belong to the account that wrote them: another account on the same browser never opens them, and
// 退出 forgets them all (a 杀帖 draft names a killer and ties an account to an alias).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { clearAllDrafts, readDraft, writeDraft } from "./drafts.ts";

class MemoryStorage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key(i: number) {
    return [...this.#items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.#items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.#items.set(k, String(v));
  }
  removeItem(k: string) {
    this.#items.delete(k);
  }
  clear() {
    this.#items.clear();
  }
}

const store = new MemoryStorage();
Object.defineProperty(globalThis, "localStorage", { value: store, configurable: true });

beforeEach(() => store.clear());

test("an account reads back its own draft", () => {
  writeDraft(7, "kill:g1:2", "甲 → 乙：出局");
  assert.equal(readDraft(7, "kill:g1:2"), "甲 → 乙：出局");
});

test("another account on the same browser does not see it", () => {
  writeDraft(7, "kill:g1:2", "甲 → 乙：出局");
  assert.equal(readDraft(8, "kill:g1:2"), "");
});

test("nothing is kept or read while signed out", () => {
  writeDraft(null, "report:g1", "报道");
  assert.equal(store.length, 0);
  store.setItem("bansha.draft.report:g1", "旧版未分账号的草稿");
  assert.equal(readDraft(null, "report:g1"), "");
});

test("clearing forgets every account's drafts, older unkeyed ones too, and nothing else", () => {
  writeDraft(7, "kill:g1:2", "甲");
  writeDraft(8, "report:g2", "乙");
  store.setItem("bansha.draft.kill:g1:2", "旧版草稿");
  store.setItem("bansha.other", "keep");
  clearAllDrafts();
  assert.equal(readDraft(7, "kill:g1:2"), "");
  assert.equal(readDraft(8, "report:g2"), "");
  assert.equal(store.getItem("bansha.draft.kill:g1:2"), null);
  assert.equal(store.getItem("bansha.other"), "keep");
});

test("an empty text removes the draft", () => {
  writeDraft(7, "iou:g1:none", "白条");
  writeDraft(7, "iou:g1:none", "");
  assert.equal(store.length, 0);
});
