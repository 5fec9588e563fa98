import type { FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/form-fields";
import * as messages from "~/messages";

type PasswordFieldMeta = FieldMetadata<string | undefined>;

/** Current, new and confirmation passwords: the trio of every password change form. */
export function PasswordChangeFields({
  fields,
}: {
  fields: {
    currentPassword: PasswordFieldMeta;
    newPassword: PasswordFieldMeta;
    confirmPassword: PasswordFieldMeta;
  };
}) {
  const m = messages.settings;
  const trio = [
    [fields.currentPassword, m.currentPassword, "current-password"],
    [fields.newPassword, m.newPassword, "new-password"],
    [fields.confirmPassword, m.confirmPassword, "new-password"],
  ] as const;
  return (
    <>
      {trio.map(([field, label, autoComplete]) => (
        <PasswordField key={field.name} meta={field} label={label} autoComplete={autoComplete} />
      ))}
    </>
  );
}
