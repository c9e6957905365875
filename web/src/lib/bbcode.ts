// Results post text (light Markdown: "## heading", "**bold**") → BBCode for Discuz!/PHPWind, and → plain text.

const HEADING = /^#{1,6}\s+(.*)$/;
const SECTION = /^\s*【[^】]*】\s*$/u;
const BOLD = /\*\*(.+?)\*\*/g;

function escapeBBCode(line: string): string {
  // A literal "[b]" in a player's alias must not turn into markup, and Discuz!/PHPWind have no escape for it,
  // so square brackets are replaced by their full-width forms, which read the same to forum users.
  return line.replace(/\[/g, "［").replace(/\]/g, "］");
}

function lines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split("\n");
}

export function toBBCode(text: string): string {
  return lines(text)
    .map((raw) => {
      const heading = raw.match(HEADING);
      if (heading) return `[size=4][b]${escapeBBCode(heading[1] ?? "")}[/b][/size]`;
      const line = escapeBBCode(raw).replace(BOLD, "[b]$1[/b]");
      return SECTION.test(raw) ? `[b]${line}[/b]` : line;
    })
    .join("\n");
}

export function toPlainText(text: string): string {
  return lines(text)
    .map((raw) => (raw.match(HEADING)?.[1] ?? raw).replace(BOLD, "$1"))
    .join("\n");
}

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable (plain HTTP). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand("copy");
    ta.remove();
    return ok;
  }
}
