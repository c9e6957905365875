// Drafts kept in localStorage on every keystroke, so a reload or a closed tab loses nothing.
import { useCallback, useState } from "react";

const PREFIX = "bansha.draft.";

function read(key: string): string {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return "";
  }
}

function write(key: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(PREFIX + key, text);
    else window.localStorage.removeItem(PREFIX + key);
  } catch {
    // Private mode or a full quota: the editor still works, only without the safety net.
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
  const [state, setState] = useState(() => {
    const text = read(key);
    return { key, text, restored: text.length > 0 };
  });
  // A new key (another game or post) starts from that key's own draft.
  let current = state;
  if (state.key !== key) {
    const text = read(key);
    current = { key, text, restored: text.length > 0 };
    setState(current);
  }
  const setText = useCallback(
    (t: string) => {
      write(key, t);
      setState((s) => ({ ...s, text: t }));
    },
    [key],
  );
  const clear = useCallback(() => {
    write(key, "");
    setState({ key, text: "", restored: false });
  }, [key]);
  return { text: current.text, setText, clear, restored: current.restored };
}
