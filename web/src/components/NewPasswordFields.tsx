// The new password and its repetition, as the reset link's page and the account page ask for them.
import { m } from "../i18n/index.ts";

export function NewPasswordFields(props: {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  return (
    <>
      <label className="field">
        <span className="field-label">{props.labels.password}</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          required
          minLength={8}
        />
        <span className="field-hint">{m.auth.passwordHint}</span>
      </label>
      <label className="field">
        <span className="field-label">{props.labels.confirm}</span>
        <input
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={props.confirm}
          onChange={(e) => props.onConfirm(e.target.value)}
          required
          minLength={8}
        />
      </label>
    </>
  );
}
