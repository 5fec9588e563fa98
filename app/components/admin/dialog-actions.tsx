import { Link } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import * as messages from "~/messages";

/**
 * The footer of a dialog form: "Cancelar" back to the list (`closeTo`) and the submit button,
 * "Salvar" unless `submitLabel` says otherwise, reading "Salvando..." while `busy`.
 */
export function DialogActions({
  closeTo,
  busy,
  submitLabel = messages.admin.save,
  ...button
}: {
  closeTo: string;
  busy: boolean;
  submitLabel?: string;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "name" | "value">) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={closeTo} className="btn-secondary" preventScrollReset>
        {messages.admin.cancel}
      </Link>
      <button type="submit" className="btn-primary" disabled={busy} {...button}>
        {busy ? messages.admin.saving : submitLabel}
      </button>
    </div>
  );
}
