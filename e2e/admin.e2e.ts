// The site admin in the browser: set up through the printed link, hand out a reset link, disable an account.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { hashToken } from "../src/app/account-service.ts";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
});

test("the admin hands out a reset link, its owner sets a new password; a disabled account cannot log in", async () => {
  // The link the server prints at first start (AccountService.prepareAdminSetup), armed the same way.
  const setupToken = randomBytes(24).toString("base64url");
  await server.storage.setAdminSetupToken(hashToken(setupToken), server.clock.now());
  await server.api("POST", "/api/auth/register", null, { username: "忘性大", password: "old-password-1" });
  await server.api("POST", "/api/auth/register", null, { username: "闹事者", password: "rowdy-password-1" });

  const admin = await (await contextFor(browser, server.url, null)).newPage();
  await admin.goto(`/setup?token=${setupToken}`);
  await admin.locator("input[name=username]").fill("站长");
  // The site admin's form says nothing about players' accounts and aliases.
  assert.equal(await admin.getByText("其他玩家只看到你的马甲", { exact: false }).count(), 0);
  await admin.locator("input[name=password]").fill("admin-password-1");
  await admin.getByRole("button", { name: "创建站长" }).click();
  await admin.getByTestId("me-name").waitFor();
  // The link works once: opened again, the page says the site is set up and leads to 登录, with no form.
  const again = await (await contextFor(browser, server.url, null)).newPage();
  await again.goto(`/setup?token=${setupToken}`);
  await again.getByTestId("setup-done").getByRole("link", { name: "去登录" }).waitFor();
  assert.equal(await again.locator("input[name=username]").count(), 0);
  await again.context().close();
  await admin.getByTestId("nav-admin").click();
  const table = admin.getByTestId("admin-accounts");
  await table.waitFor();
  assert.equal(await table.locator("tbody tr").count(), 3);
  assert.doesNotMatch((await table.textContent()) ?? "", /马甲|游戏/, "nothing about games");

  // Found by the start of its name; the link is shown to copy.
  await admin.getByPlaceholder("按用户名开头查找").fill("忘");
  await admin.getByRole("button", { name: "查找" }).click();
  await table.locator("tbody tr").nth(1).waitFor({ state: "detached" });
  const row = admin.getByTestId("account-忘性大");
  await row.getByRole("button", { name: "重置密码" }).click();
  const linkBox = admin.getByTestId("reset-link-url");
  await linkBox.waitFor();
  const link = await linkBox.inputValue();
  assert.match(link, new RegExp(`^${server.url}/reset-password\\?token=[A-Za-z0-9_-]+$`));
  await screenshot(admin, "admin-reset-link");

  const user = await (await contextFor(browser, server.url, null)).newPage();
  await user.goto(link);
  await user.locator("input[name=password]").fill("new-password-1");
  await user.locator("input[name=confirm]").fill("new-password-2");
  await user.getByRole("button", { name: "设置新密码" }).click();
  assert.equal(await user.getByTestId("notice-error").textContent(), "两次输入的密码不一致");
  await user.locator("input[name=confirm]").fill("new-password-1");
  await user.getByRole("button", { name: "设置新密码" }).click();
  assert.equal(await user.getByTestId("notice-ok").textContent(), "密码已重设，请用新密码登录。");
  await user.getByRole("link", { name: "去登录" }).click();
  await user.locator("input[name=username]").fill("忘性大");
  await user.locator("input[name=password]").fill("old-password-1");
  await user.getByRole("button", { name: "登录" }).click();
  assert.equal(await user.getByTestId("notice-error").textContent(), "用户名或密码错误");
  await user.locator("input[name=password]").fill("new-password-1");
  await user.getByRole("button", { name: "登录" }).click();
  await user.getByTestId("me-name").waitFor();
  assert.equal(await user.getByTestId("me-name").textContent(), "你好，忘性大");
  assert.equal(await user.getByTestId("nav-admin").count(), 0, "only the admin sees 站点管理");
  await user.goto(link);
  await user.locator("input[name=password]").fill("newer-password-1");
  await user.locator("input[name=confirm]").fill("newer-password-1");
  await user.getByRole("button", { name: "设置新密码" }).click();
  assert.match((await user.getByTestId("notice-error").textContent()) ?? "", /密码重置链接无效/, "used once");

  // Disabling asks first; declining changes nothing.
  await admin.getByPlaceholder("按用户名开头查找").fill("");
  await admin.getByRole("button", { name: "查找" }).click();
  const rowdy = admin.getByTestId("account-闹事者");
  await rowdy.waitFor();
  admin.once("dialog", (d) => void d.dismiss());
  await rowdy.getByRole("button", { name: "停用" }).click();
  assert.match((await rowdy.textContent()) ?? "", /正常/);
  admin.once("dialog", (d) => {
    assert.match(d.message(), /确定停用账号「闹事者」/);
    void d.accept();
  });
  await rowdy.getByRole("button", { name: "停用" }).click();
  await rowdy.getByRole("button", { name: "启用" }).waitFor();
  assert.match((await rowdy.textContent()) ?? "", /已停用/);
  assert.equal(await admin.getByTestId("notice-ok").textContent(), "已停用账号「闹事者」");
  await screenshot(admin, "admin-accounts");

  const rowdyPage = await (await contextFor(browser, server.url, null)).newPage();
  await rowdyPage.goto("/login");
  await rowdyPage.locator("input[name=username]").fill("闹事者");
  await rowdyPage.locator("input[name=password]").fill("rowdy-password-1");
  await rowdyPage.getByRole("button", { name: "登录" }).click();
  assert.equal(await rowdyPage.getByTestId("notice-error").textContent(), "账号已被站点管理员停用");
});

test("修改密码: the name in the header opens the account page; a wrong current password is refused, the right one changes it", async () => {
  await server.api("POST", "/api/auth/register", null, { username: "改密码", password: "first-password-1" });
  const page = await (await contextFor(browser, server.url, null)).newPage();
  await page.goto("/login");
  await page.locator("input[name=username]").fill("改密码");
  await page.locator("input[name=password]").fill("first-password-1");
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByTestId("me-name").click();
  await page.getByRole("heading", { name: "修改密码" }).waitFor();
  await page.locator("input[name=current]").fill("not-my-password");
  await page.locator("input[name=password]").fill("second-password-2");
  await page.locator("input[name=confirm]").fill("second-password-2");
  await page.getByRole("button", { name: "修改密码" }).click();
  assert.equal(await page.getByTestId("notice-error").textContent(), "当前密码不正确");
  await page.locator("input[name=current]").fill("first-password-1");
  await page.getByRole("button", { name: "修改密码" }).click();
  assert.equal(await page.getByTestId("notice-ok").textContent(), "密码已修改，其他设备上的登录已失效。");
  await screenshot(page, "account-password");
  // Still signed in here; the new password is the one that signs in.
  assert.equal(await page.getByTestId("me-name").textContent(), "你好，改密码");
  await page.getByRole("button", { name: "退出" }).click();
  await page.goto("/login");
  await page.locator("input[name=username]").fill("改密码");
  await page.locator("input[name=password]").fill("second-password-2");
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByTestId("me-name").waitFor();
});
