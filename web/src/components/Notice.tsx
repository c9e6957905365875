// Inline status messages: errors (the server's Chinese refusal text), successes and hints.
import type { ReactNode } from "react";

export function Notice({ kind, children }: { kind: "error" | "ok" | "info"; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div
      className={`notice notice-${kind}`}
      role={kind === "error" ? "alert" : "status"}
      data-testid={`notice-${kind}`}
    >
      {children}
    </div>
  );
}
