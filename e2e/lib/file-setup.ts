// One server and one browser per e2e file: opened before its tests (then the file's own set-up), closed after them.
import { after, before } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { type Server, startServer } from "./server.ts";

/**
 * Registers the file's before/after hooks. `ready` gets the server and the browser once both run, for the file to keep
 * and to set up its games in; both are closed after the file's tests, the browser first.
 */
export function serverAndBrowser(
  start: number,
  ready: (server: Server, browser: Browser) => Promise<void> | void,
  options: Parameters<typeof startServer>[1] = {},
): void {
  let opened: { server: Server; browser?: Browser } | undefined;
  before(async () => {
    const server = await startServer(start, options);
    opened = { server };
    opened.browser = await launchBrowser();
    await ready(server, opened.browser);
  });
  after(async () => {
    await opened?.browser?.close();
    await opened?.server.close();
  });
}
