// A request that reaches a server while it closes is refused in the API's own shape: a code, a Chinese message.
import assert from "node:assert/strict";
import { type AddressInfo, connect, type Socket } from "node:net";
import { test } from "node:test";
import { makeHarness } from "./harness.ts";

/** Opens a connection and writes `text` on it; resolves once connected and written. */
async function openWith(port: number, text: string): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d: Buffer) => {
    received += d.toString();
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write(text);
  return { socket, received: () => received };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a request arriving while the server closes gets 503 server-closing with a Chinese message", async () => {
  const h = await makeHarness();
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = h.app.server.address() as AddressInfo;
  // A request in flight (its body half sent) keeps the close waiting.
  const held = await openWith(
    port,
    "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{",
  );
  // A second connection has sent part of its request's headers: not idle, so the close does not drop it.
  const late = await openWith(port, "GET /api/time HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  await pause(100);
  const closed = h.close();
  try {
    await pause(100);
    // The rest of the headers arrive after the close began: the request reaches the router of a closing server.
    late.socket.write("\r\n");
    for (let i = 0; i < 100 && !late.received().includes("}"); i++) await pause(20);
    const answer = late.received();
    assert.match(answer, /^HTTP\/1\.1 503 /, answer);
    assert.match(answer, /\r\nconnection: close\r\n/i, answer);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as {
      error?: { code: string; message: string };
    };
    assert.equal(body.error?.code, "server-closing", answer);
    assert.equal(body.error?.message, "服务器正在重启或关闭，请稍后重试");
  } finally {
    // Whatever happened, the held requests must not keep the close (and the test run) waiting.
    held.socket.destroy();
    late.socket.destroy();
    await closed;
  }
});
