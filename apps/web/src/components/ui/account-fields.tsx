import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from './form-field';

/** One account field as a form registers it: its id, its label, react-hook-form's registration and error. */
type AccountFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string | undefined;
};

/** A person's name, as the browser fills it in. */
export function NameField(props: AccountFieldProps) {
  return <InputField autoComplete="name" {...props} />;
}

/** An e-mail address: the e-mail keyboard, the browser's saved address. */
export function EmailField(props: AccountFieldProps) {
  return <InputField type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A password: the one saved for signing in, or a new one the browser may suggest. */
export function PasswordField({ kind, ...props }: AccountFieldProps & { kind: 'current' | 'new' }) {
  return <InputField type="password" autoComplete={`${kind}-password`} {...props} />;
}

/** An account form's one button, which says `busyLabel` and is disabled while the form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
