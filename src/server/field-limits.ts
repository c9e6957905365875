// Lengths the request schemas allow, shared with the web forms so an input never takes what the server refuses.

/** A 马甲 (alias), in UTF-16 code units as zod and the input's maxLength count them. */
export const ALIAS_MAX = 24;
/** A site username. */
export const USERNAME_MAX = 32;
