// A team room (小黑屋): messages refetched whenever a room message event arrives; merged rooms just show up as one.
import { type FormEvent, useEffect, useState } from "react";
import type { RoomMessage, RoomView, SeatView } from "../../../src/server/api-types.ts";
import { api, errorText, requestId } from "../api/client.ts";
import { m } from "../i18n/index.ts";
import { clock, seatLabel } from "../lib/format.ts";
import { Notice } from "./Notice.tsx";
import { useFollowNewest } from "./use-follow-newest.ts";

interface Props {
  gameId: string;
  room: RoomView;
  seats: SeatView[];
  /** Changes whenever a new room event arrives, to trigger a refetch. */
  version: number;
  canWrite: boolean;
}

export function RoomChat({ gameId, room, seats, version, canWrite }: Props) {
  const [messages, setMessages] = useState<RoomMessage[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    api
      .roomMessages(gameId, room.id)
      .then((r) => setMessages(r.messages))
      .catch((e) => setError(errorText(e)));
  }, [gameId, room.id, version]);
  // A chat reads upwards from its newest message: opened there, and kept there while the reader is.
  const { ref: listRef, follow } = useFollowNewest<HTMLOListElement>(messages.at(-1)?.seq, room.id);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    try {
      await api.sendRoomMessage(gameId, room.id, { requestId: requestId(), text });
      setText("");
      setError(null);
      // The sender wants to see their message arrive, even if they had scrolled up before writing.
      follow();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section className="card room" data-testid={`room-${room.id}`}>
      <h3>{room.name}</h3>
      {room.seats.length > 0 ? (
        <p className="muted small">
          {m.room.members(m.app.list(room.seats.map((s) => seatLabel(seats, s))))}
        </p>
      ) : null}
      <ol className="room-messages" ref={listRef}>
        {messages.length === 0 ? <li className="empty small">{m.room.empty}</li> : null}
        {messages.map((x) => (
          <li key={x.seq}>
            <span className="room-alias">{x.alias}</span> <span className="muted small">{clock(x.at)}</span>
            <div className="room-text">{x.text}</div>
          </li>
        ))}
      </ol>
      <Notice kind="error">{error}</Notice>
      {canWrite ? (
        <form className="room-form" onSubmit={send}>
          <input value={text} onChange={(e) => setText(e.target.value)} placeholder={m.room.placeholder} />
          <button type="submit" className="btn small primary">
            {m.room.send}
          </button>
        </form>
      ) : null}
    </section>
  );
}
