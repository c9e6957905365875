// Results post text → BBCode for Discuz!/PHPWind (both read [b], [color], [size], [quote]) and → plain text.

/** Lines that look like section headings in a results post: 【…】 blocks or a leading "==" rule. */
const HEADING = /^\s*(【[^】]*】|==+.*==+)\s*$/u;

function escapeBBCode(line: string): string {
  // A literal "[b]" in a player's alias must not turn into markup, and Discuz!/PHPWind have no escape for it,
  // so square brackets are replaced by their full-width forms, which read the same to forum users.
  return line.replace(/\[/g, "［").replace(/\]/g, "］");
}

export function toBBCode(title: string, text: string): string {
  const body = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((raw) => {
      const line = escapeBBCode(raw);
      return HEADING.test(raw) ? `[b]${line}[/b]` : line;
    })
    .join("\n");
  return `[size=4][b]${escapeBBCode(title)}[/b][/size]\n${body}`;
}

export function toPlainText(title: string, text: string): string {
  return `${title}\n${text.replace(/\r\n?/g, "\n")}`;
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
