// The app-wide notice shown while a write that got no answer is being sent again (web/src/api/resend.ts).
import { useSyncExternalStore } from "react";
import { resends } from "../api/client.ts";
import { m } from "../i18n/index.ts";

export function ResendNotice() {
  const count = useSyncExternalStore(resends.subscribe, () => resends.count);
  if (count === 0) return null;
  return (
    <div className="notice notice-info resend-notice" role="status" data-testid="resending">
      {m.app.resending}
    </div>
  );
}
