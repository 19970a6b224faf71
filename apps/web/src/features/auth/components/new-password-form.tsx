import { zodResolver } from '@hookform/resolvers/zod';
import { type NewPasswordForm as NewPasswordValues, newPasswordForm } from '@kanna/shared/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField, SubmitButton } from '../../../components/ui/account-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields } from '../../../components/ui/form-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useTexts } from '../../../lib/i18n';
import { authTexts } from '../i18n';

interface NewPasswordFormProps {
  token: string;
  onDone: () => void;
}

/** Sets the new password with the e-mailed token (POST /api/auth/reset-password). */
export function NewPasswordForm({ token, onDone }: NewPasswordFormProps) {
  const t = useTexts(authTexts);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const bound = bindFields(register, errors);

  const onSubmit = async ({ password }: NewPasswordValues) => {
    setFormError(null);
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      // Better Auth answers 400 'Invalid token' for a link that was used, has expired or is not one.
      setFormError(error.status === 400 ? t.resetLinkUsed : authErrorMessage(error, t));
      return;
    }
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
      aria-label={t.newPassword}
    >
      {formError && (
        <FormAlert>
          <p>{formError}</p>
          <p className="mt-1">
            <Link to="/reset-password" className="link">
              {t.askNewLink}
            </Link>
          </p>
        </FormAlert>
      )}
      <PasswordField
        id="new-password"
        kind="new"
        label={t.newPassword}
        hint={t.atLeastSix}
        {...bound('password')}
      />
      <PasswordField id="confirm-password" kind="new" label={t.confirmNewPassword} {...bound('confirm')} />
      <SubmitButton busy={isSubmitting} label={t.setNewPassword} busyLabel={t.saving} />
    </form>
  );
}
