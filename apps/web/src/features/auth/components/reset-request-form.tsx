import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@kanna/shared/domain/messages';
import { type ResetRequestForm as ResetRequestValues, resetRequestForm } from '@kanna/shared/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmailField, SubmitButton } from '../../../components/ui/account-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields } from '../../../components/ui/form-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { authTexts } from '../i18n';

/** Asks for a reset link by e-mail (POST /api/auth/request-password-reset; always 200). */
export function ResetRequestForm() {
  const t = useTexts(authTexts);
  const say = useSay();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestForm), defaultValues: { email: '' } });
  const bound = bindFields(register, errors);

  const onSubmit = async ({ email }: ResetRequestValues) => {
    setFormError(null);
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (error) {
      setFormError(authErrorMessage(error, t));
      return;
    }
    void notify('success', say(messages.resetSent));
    setSentTo(email);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
      aria-label={t.askForReset}
    >
      <FormAlert>{formError}</FormAlert>
      <EmailField id="reset-email" label={t.email} {...bound('email')} />
      <SubmitButton busy={isSubmitting} label={t.sendResetLink} busyLabel={t.sending} />
      {sentTo && (
        <p role="status" className="font-medium text-success">
          {t.resetLinkSent(sentTo)}
        </p>
      )}
    </form>
  );
}
