// What became of the player's own 托票 request for the open vote, kept on the page (the form's 「托票已交给哨子」 goes
// with a reload): above all, that the referee did not enter it by the cut-off, while there is still time to vote.
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { useServerNow } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";
import { dateTime } from "../lib/format.ts";
import { myProxyRequest, type ThreadBallot } from "../lib/my-proxy.ts";

export function MyProxyNotice(props: {
  events: readonly GameEventDto[];
  seat: number;
  ballots: readonly ThreadBallot[];
  cutoff: number;
  deadline: number;
  label: (seat: number) => string;
}) {
  const now = useServerNow();
  const mine = myProxyRequest(props.events, props.seat, props.ballots, now, props.cutoff);
  if (!mine) return null;
  const target = props.label(mine.target);
  const text =
    mine.state === "waiting"
      ? m.vote.myProxyWaiting(target, dateTime(mine.cutoff))
      : mine.state === "entered"
        ? m.vote.myProxyEntered(m.app.list(mine.entered.map(props.label)), target)
        : mine.state === "self-voted"
          ? m.vote.myProxySelfVoted(target)
          : mine.state === "same-as-own"
            ? m.vote.myProxySameAsOwn(target)
            : mine.state === "lapsed-voted"
              ? m.vote.myProxyLapsedVoted(target, dateTime(mine.cutoff), dateTime(mine.at))
              : m.vote.myProxyLapsed(target, dateTime(mine.cutoff), dateTime(props.deadline));
  return (
    <div
      className={`notice ${mine.state === "lapsed" ? "notice-error" : "notice-info"}`}
      role={mine.state === "lapsed" ? "alert" : "status"}
      data-testid="my-proxy"
    >
      {text}
    </div>
  );
}
