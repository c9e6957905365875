// Drafts kept in localStorage on every keystroke, so a reload or a closed tab loses nothing.
//
// A draft belongs to the account that wrote it: on a shared computer the next account must never open the last
// one's 杀帖 (it names a killer and ties an account to an alias). Keys carry the account id, nothing is kept while
// signed out, and every draft goes on 退出 or when the session is found gone (clearAllDrafts, from session.tsx).
import { useCallback, useState } from "react";
import { useSession } from "../api/session.tsx";

const PREFIX = "bansha.draft.";

/** Who owns a draft: the signed-in account's id; null while signed out (no draft is read or kept). */
export type DraftOwner = number | null;

function storageKey(owner: number, key: string): string {
  return `${PREFIX}${owner}.${key}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readDraft(owner: DraftOwner, key: string): string {
  if (owner === null) return "";
  try {
    return storage()?.getItem(storageKey(owner, key)) ?? "";
  } catch {
    return "";
  }
}

export function writeDraft(owner: DraftOwner, key: string, text: string): void {
  if (owner === null) return;
  try {
    const s = storage();
    if (text) s?.setItem(storageKey(owner, key), text);
    else s?.removeItem(storageKey(owner, key));
  } catch {
    // Private mode or a full quota: the editor still works, only without the safety net.
  }
}

/** Forgets every draft on this browser, whoever wrote it (older unkeyed drafts included). */
export function clearAllDrafts(): void {
  try {
    const s = storage();
    if (!s) return;
    const keys: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    for (const k of keys) s.removeItem(k);
  } catch {
    // Nothing stored can be read either.
  }
}

export interface Draft {
  text: string;
  setText: (t: string) => void;
  clear: () => void;
  /** True when the editor opened with a saved draft. */
  restored: boolean;
}

export function useDraft(key: string): Draft {
  const owner: DraftOwner = useSession().account?.id ?? null;
  const [state, setState] = useState(() => {
    const text = readDraft(owner, key);
    return { owner, key, text, restored: text.length > 0 };
  });
  // A new key (another game or post) or another account starts from that key's own draft. Text typed while the
  // session was still being read (no owner yet: nothing could be kept) is the account's now, and kept.
  let current = state;
  if (state.key === key && state.owner === null && owner !== null && state.text !== "") {
    writeDraft(owner, key, state.text);
    current = { owner, key, text: state.text, restored: false };
    setState(current);
  } else if (state.key !== key || state.owner !== owner) {
    const text = readDraft(owner, key);
    current = { owner, key, text, restored: text.length > 0 };
    setState(current);
  }
  const setText = useCallback(
    (t: string) => {
      writeDraft(owner, key, t);
      setState((s) => ({ ...s, text: t }));
    },
    [owner, key],
  );
  const clear = useCallback(() => {
    writeDraft(owner, key, "");
    setState({ owner, key, text: "", restored: false });
  }, [owner, key]);
  return { text: current.text, setText, clear, restored: current.restored };
}
