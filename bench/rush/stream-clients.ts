// A process of live-stream clients for bench/stream-rush.ts: one stream per target, read and counted, not parsed.
//
//   node --import tsx bench/rush/stream-clients.ts <targets.json>
//
// Kept out of the bench's own process so the clients' reading does not compete with wrk there. It reports
// {open} once every stream is open, then {bytes, views} whenever it is sent a message.
import { readFileSync } from "node:fs";
import { Agent, get } from "node:http";

const file = process.argv[2];
if (!file || !process.send) throw new Error("usage: forked with a targets file");
const send = process.send.bind(process);
const { port, targets } = JSON.parse(readFileSync(file, "utf8")) as {
  port: number;
  targets: { game: string; cookie: string }[];
};
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
let bytes = 0;
let views = 0;
// As the game pages open it (web/src/api/client.ts), ballots in the views only; BENCH_STREAM_OMIT= (empty) has
// the streams send the ballot events too, as the pages did before.
const omitTypes = process.env.BENCH_STREAM_OMIT ?? "VoteCast";
const omit = omitTypes === "" ? "" : `&omit=${omitTypes}`;
await Promise.all(
  targets.map(
    (t) =>
      new Promise<void>((resolve, reject) => {
        get(
          {
            port,
            host: "127.0.0.1",
            path: `${t.game}/stream?after=0${omit}`,
            agent,
            headers: { cookie: `bansha_session=${t.cookie}` },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
            res.on("data", (d: Buffer) => {
              bytes += d.length;
              views += d.toString().split("event: view").length - 1;
            });
            resolve();
          },
        ).on("error", reject);
      }),
  ),
);
send({ open: targets.length });
process.on("message", () => send({ bytes, views }));
