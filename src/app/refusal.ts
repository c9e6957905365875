// A refused request as a value: a stable code, details for the message, and the HTTP status it maps to.

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

export interface AppRefusal {
  readonly code: string;
  readonly status: RefusalStatus;
  readonly details?: Record<string, string | number | boolean | null>;
  /** For rules-invalid: the checker's problems (Chinese). */
  readonly problems?: readonly { path: string; message: string }[];
}

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly refusal: AppRefusal };

export function refuse(
  code: string,
  status: RefusalStatus,
  details?: Record<string, string | number | boolean | null>,
): { ok: false; refusal: AppRefusal } {
  return { ok: false, refusal: details ? { code, status, details } : { code, status } };
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
