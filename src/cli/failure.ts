// What a command that failed says on stderr: one line naming the problem, not a stack trace.

/** The line for an error thrown out of a command: a missing or unreadable file is named with its path. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, path } = error as NodeJS.ErrnoException;
  if (typeof path === "string") {
    if (code === "ENOENT") return `cannot read ${path}: no such file or folder`;
    if (code === "EACCES" || code === "EPERM") return `cannot read ${path}: permission denied`;
    if (code === "EISDIR") return `cannot read ${path}: it is a folder, not a file`;
  }
  return error.message;
}
