// The form two usernames are compared in: one account per name however it is typed (case, full-width letters).

/**
 * 「Alice」, 「alice」 and 「ＡＬＩＣＥ」 read as one name to the people a referee adds as 副哨 or 替补 by username, so
 * only one of them may be an account: NFKC folds full-width and compatibility forms, then case is folded.
 */
export function usernameKey(username: string): string {
  return username.normalize("NFKC").toLowerCase();
}
