// One form action's outcome, shown inline: 已提交 or the server's Chinese refusal, for the referee desk's many forms.
import { type ReactNode, useCallback, useState } from "react";
import { errorText } from "../api/client.ts";
import { m } from "../i18n/index.ts";
import { Notice } from "./Notice.tsx";

export interface ActionOutcome {
  kind: "ok" | "error";
  text: string;
}

/**
 * Runs one action and reports its outcome inline; `run` answers whether it went through. `outcome` is for a page that
 * shows the outcome somewhere of its own (the vote bar); `clear` drops it when the reader dismisses it or the form
 * moves on to another action, so it is not read as that one's.
 */
export function useAction(): {
  notice: ReactNode;
  outcome: ActionOutcome | null;
  run: <T>(fn: () => Promise<T>, okText?: string | ((result: T) => string)) => Promise<boolean>;
  clear: () => void;
} {
  const [state, setState] = useState<ActionOutcome | null>(null);
  const run = async <T,>(
    fn: () => Promise<T>,
    okText: string | ((result: T) => string) = m.referee.applied,
  ) => {
    try {
      const result = await fn();
      setState({ kind: "ok", text: typeof okText === "function" ? okText(result) : okText });
      return true;
    } catch (e) {
      setState({ kind: "error", text: errorText(e) });
      return false;
    }
  };
  const clear = useCallback(() => setState(null), []);
  return {
    notice: state ? <Notice kind={state.kind}>{state.text}</Notice> : null,
    outcome: state,
    run,
    clear,
  };
}
