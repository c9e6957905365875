// The answer to the player's last ballot (投票成功 or the refusal), kept in the vote bar or pinned above the tab bar.
import { m } from "../i18n/index.ts";
import { Notice } from "./Notice.tsx";
import type { ActionOutcome } from "./use-action.tsx";

/**
 * Below a 40–57 name grid the answer sat screens away from the button (a phone audit found it at y≈1537), and a
 * refusal vanished with the ballot when the vote closed. `pinned`: the ballot is gone, so the line is fixed above the
 * tab bar. The dismiss button stays outside the Notice so the notice's text is the server's message alone.
 */
export function VoteOutcome({
  outcome,
  pinned,
  onDismiss,
}: {
  outcome: ActionOutcome | null;
  pinned: boolean;
  onDismiss: () => void;
}) {
  if (!outcome) return null;
  return (
    <div className={pinned ? "vote-outcome pinned" : "vote-outcome"} data-testid="vote-outcome">
      <Notice kind={outcome.kind}>{outcome.text}</Notice>
      <button
        type="button"
        className="btn ghost small"
        onClick={onDismiss}
        data-testid="vote-outcome-dismiss"
      >
        {m.vote.dismissOutcome}
      </button>
    </div>
  );
}
