// A countdown to a server-time deadline; turns urgent in the last ten minutes.
import { useServerNow } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";
import { clockOn, remaining } from "../lib/format.ts";

export function Countdown({ at, label }: { at: number; label?: string }) {
  const now = useServerNow();
  const left = at - now;
  const cls = left <= 0 ? "countdown passed" : left < 600_000 ? "countdown urgent" : "countdown";
  return (
    <div className={cls} data-testid="countdown">
      {label ? <span className="countdown-label">{label}</span> : null}
      <span className="countdown-time">
        {left <= 0 ? m.countdown.passed : m.countdown.left(remaining(left))}
      </span>
      <span className="countdown-at">{m.countdown.at(clockOn(at, now))}</span>
    </div>
  );
}
