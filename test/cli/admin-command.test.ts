// `bansha admin reset-link` end to end through bin/bansha.mjs, against a fresh SQLite file.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { AccountService } from "../../src/app/account-service.ts";
import { systemClock } from "../../src/app/clock.ts";
import { openStorage } from "../../src/storage/open-storage.ts";

const bin = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "bansha.mjs");

test("admin reset-link: a locked-out site admin gets back in from the shell (enabled if disabled, old sessions ended)", async () => {
  const url = `sqlite:${join(mkdtempSync(join(tmpdir(), "bansha-admin-")), "site.sqlite")}`;
  const env = { ...process.env, DATABASE_URL: url };
  let storage = await openStorage(url);
  const accounts = new AccountService(storage, systemClock);
  const token = await accounts.prepareAdminSetup();
  const created = await accounts.completeSetup(token!, "站长", "old-password-1");
  assert.ok(created.ok);
  const before = await accounts.login("站长", "old-password-1");
  assert.ok(before.ok);
  const other = await accounts.register("玩家甲", "player-pass-1");
  assert.ok(other.ok);
  await accounts.setDisabled((await storage.findAccountByUsername("玩家甲"))!, true);
  await storage.close();

  const out = execFileSync(
    process.execPath,
    [bin, "admin", "reset-link", "站长", "--site", "https://bbs.example/"],
    {
      encoding: "utf8",
      env,
    },
  );
  const link = /^https:\/\/bbs\.example\/reset-password\?token=([\w-]+)$/m.exec(out);
  assert.ok(link, out);
  // A disabled account is enabled first: its link would be refused otherwise.
  const again = spawnSync(process.execPath, [bin, "admin", "reset-link", "玩家甲"], {
    encoding: "utf8",
    env,
  });
  assert.match(again.stdout, /enabled "玩家甲" \(it was disabled\)/);
  assert.match(again.stdout, /^http:\/\/localhost:3000\/reset-password\?token=/m);
  // Each action leaves the audit line the admin page's would, in the server log's format, on standard error.
  const audit = again.stderr
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string; target: string; via: string });
  assert.deepEqual(
    audit.map((l) => [l.level, l.msg, l.target, l.via]),
    [
      [40, "admin enabled an account", "玩家甲", "shell"],
      [40, "admin created a password reset link", "玩家甲", "shell"],
    ],
  );
  assert.doesNotMatch(again.stderr, /token/, "never the token");
  const missing = spawnSync(process.execPath, [bin, "admin", "reset-link", "nobody"], {
    encoding: "utf8",
    env,
  });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no account is named "nobody"/);

  storage = await openStorage(url);
  try {
    const later = new AccountService(storage, systemClock);
    assert.ok((await later.resetPassword(link[1]!, "new-password-2")).ok);
    assert.equal((await later.login("站长", "old-password-1")).ok, false);
    assert.ok((await later.login("站长", "new-password-2")).ok);
    // The sessions from before the reset are over.
    assert.equal(await later.authenticate(before.ok ? before.value.token : ""), undefined);
    assert.ok((await later.login("玩家甲", "player-pass-1")).ok, "enabled again");
  } finally {
    await storage.close();
  }
});
