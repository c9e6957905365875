// 私信哨子 on 我的身份: the player's private thread with the referees (what a forum's 站内信 carried), and the form.
import { type FormEvent, useEffect, useState } from "react";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { api, requestId } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { m } from "../i18n/index.ts";
import { dateTime } from "../lib/format.ts";
import { useAction } from "./use-action.tsx";

const TYPE = "app.RefereeMessage";

export function RefereeMessages({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [thread, setThread] = useState<GameEventDto[]>([]);
  const [text, setText] = useState("");
  const { notice, run } = useAction();
  // The live feed carries only what came after the page loaded: the thread is read whole, again on each new one.
  const version = game.events.filter((e) => e.type === TYPE).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger (a message or an answer)
  useEffect(() => {
    api
      .events(id, 0, [TYPE])
      .then((r) => setThread(r.events))
      .catch(() => {});
  }, [id, version]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => api.messageReferee(id, { requestId: requestId(), text }), m.me.messageSent);
    if (sent) {
      setText("");
      setThread((await api.events(id, 0, [TYPE])).events);
    }
  };
  return (
    // Closed until the player opens it (it was held open by its messages, and could not be closed); the count says
    // there is a thread.
    <details className="card" data-testid="referee-messages">
      <summary>{m.me.messagesSummary(thread.length)}</summary>
      <p className="muted small">{m.me.messagesHint}</p>
      {thread.length > 0 ? (
        <ol className="plain small">
          {thread.map((e) => (
            <li key={e.seq} data-testid={e.data.fromReferee ? "message-answer" : "message-mine"}>
              <span className="muted">{dateTime(e.at)}</span>{" "}
              {m.me.messageLine(
                e.data.fromReferee
                  ? m.me.messageFromReferee(typeof e.data.referee === "string" ? e.data.referee : "")
                  : m.me.messageFromMe,
                String(e.data.text ?? ""),
              )}
            </li>
          ))}
        </ol>
      ) : null}
      <form className="form" onSubmit={submit}>
        <textarea
          name="referee-message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={5000}
          required
        />
        {notice}
        <button type="submit" className="btn" disabled={!text.trim()}>
          {m.me.messageSend}
        </button>
      </form>
    </details>
  );
}
