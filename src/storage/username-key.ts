// The forms two names are compared in: one account per username, one member per alias in a game, however typed.

/**
 * 「Alice」, 「alice」 and 「ＡＬＩＣＥ」 read as one name to the people a referee adds as 副哨 or 替补 by username, so
 * only one of them may be an account: NFKC folds full-width and compatibility forms, then case is folded.
 */
export function usernameKey(username: string): string {
  return username.normalize("NFKC").toLowerCase();
}

/**
 * An alias's form for the same reason: 「ABC」 and 「ＡＢＣ」, or 「❤小明」 and 「❤️小明」 (an emoji's presentation
 * selector), read as one name in a game's posts, so a player could pass for another or for the referee. Variation
 * selectors change how a character is drawn, never which it is, so they are dropped before folding.
 */
export function aliasKey(alias: string): string {
  return alias
    .normalize("NFKC")
    .replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, "")
    .toLowerCase();
}
