// The forms two names are compared in: one account per username, one member per alias in a game, however typed.

/**
 * 「Alice」, 「alice」 and 「ＡＬＩＣＥ」, or 「❤小明」 and 「❤️小明」 (an emoji's presentation selector), read as one
 * name: NFKC folds full-width and compatibility forms, variation selectors are dropped (they change how a character
 * is drawn, never which it is), then case is folded.
 */
function fold(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, "")
    .toLowerCase();
}

/**
 * A username's form: the people a referee adds as 副哨 or 替补 by username, and the players who read a 马甲 beside
 * it, take names that fold together for one, so only one of them may be an account. Selectors are dropped since
 * migration 8; before, only width and case were folded.
 */
export function usernameKey(username: string): string {
  return fold(username);
}

/**
 * An alias's form for the same reason: 「ABC」 and 「ＡＢＣ」 read as one name in a game's posts, so a player could
 * pass for another or for the referee.
 */
export function aliasKey(alias: string): string {
  return fold(alias);
}
