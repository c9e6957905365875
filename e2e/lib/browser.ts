// Debian's chromium through playwright-core, with the flags this closed network needs; one context per person.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { SESSION_COOKIE } from "../../src/server/app.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright's launch() always runs chromium on a fresh temporary --user-data-dir of its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export const PHONE = { width: 390, height: 844 };

/** A context signed in with `cookie` (or signed out), so every person keeps their own cookie jar. */
export async function contextFor(
  browser: Browser,
  baseUrl: string,
  cookie: string | null,
  viewport = PHONE,
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    baseURL: baseUrl,
  });
  if (cookie) {
    await ctx.addCookies([
      { name: SESSION_COOKIE, value: cookie, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    ]);
  }
  return ctx;
}

const SHOTS = join("e2e", "screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
