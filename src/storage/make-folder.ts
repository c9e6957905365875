// Creates a database file's folder, one level at a time, failing where Node's recursive mkdir would spin.
import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { errorCode } from "./dialect.ts";

/**
 * Creates `dir` and any missing parents. Node 20's `mkdirSync(…, { recursive: true })` loops for ever, at most
 * of a core, where mkdir answers ENOENT although the parent exists (inside /proc, for example): a start with
 * such a DATABASE_URL hung silently. Here that ENOENT is thrown, naming the folder.
 */
export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
    return;
  } catch (error) {
    const code = errorCode(error);
    if (code === "EEXIST") {
      if (statSync(dir).isDirectory()) return;
      throw new Error(`${dir} exists and is not a folder`);
    }
    if (code !== "ENOENT") throw error;
  }
  const parent = dirname(dir);
  if (parent === dir) throw new Error(`${dir} cannot be created`);
  makeFolder(parent);
  // The parent exists now; an ENOENT this time is the file system refusing, and is thrown as it is.
  try {
    mkdirSync(dir);
  } catch (error) {
    // Another process may have made it in the meantime.
    if (errorCode(error) !== "EEXIST" || !statSync(dir).isDirectory()) throw error;
  }
}
