// One form action's outcome, shown inline: 已提交 or the server's Chinese refusal, for the referee desk's many forms.
import { type ReactNode, useState } from "react";
import { errorText } from "../api/client.ts";
import { m } from "../i18n/index.ts";
import { Notice } from "./Notice.tsx";

/**
 * Runs one action and reports its outcome inline; `run` answers whether it went through. `clear` drops the outcome
 * when the form moves on to another action, so it is not read as that one's.
 */
export function useAction(): {
  notice: ReactNode;
  run: (fn: () => Promise<unknown>, okText?: string) => Promise<boolean>;
  clear: () => void;
} {
  const [state, setState] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const run = async (fn: () => Promise<unknown>, okText: string = m.referee.applied) => {
    try {
      await fn();
      setState({ kind: "ok", text: okText });
      return true;
    } catch (e) {
      setState({ kind: "error", text: errorText(e) });
      return false;
    }
  };
  return {
    notice: state ? <Notice kind={state.kind}>{state.text}</Notice> : null,
    run,
    clear: () => setState(null),
  };
}
