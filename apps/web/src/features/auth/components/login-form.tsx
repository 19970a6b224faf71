import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@kanna/shared/domain/messages';
import { type LoginForm as LoginValues, loginForm, resetRequestForm } from '@kanna/shared/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { EmailField, PasswordField, SubmitButton } from '../../../components/ui/account-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields } from '../../../components/ui/form-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { openInAccountLanguage } from '../account-language';
import { finishSignIn } from '../api/finish-sign-in';
import { authTexts } from '../i18n';
import { OtherWayIn } from './other-way-in';

interface LoginFormProps {
  /** Where the user goes once signed in (the page they came from, or /). */
  target: string;
  /** Called after the session and the user record are in place. */
  onSignedIn: (target: string) => void;
  /** A message to show from the start (a failed Google sign-in coming back). */
  initialError?: string | null;
}

type ResetNote = { kind: 'warning' | 'sent' | 'error'; text: string } | null;

/**
 * Spec §2 /login: e-mail and password, a Google button, and a reset-password area that e-mails a
 * link to the address typed above. Validation texts are the spec's (§5).
 */
export function LoginForm({ target, onSignedIn, initialError = null }: LoginFormProps) {
  const t = useTexts(authTexts);
  const say = useSay();
  const [formError, setFormError] = useState<string | null>(initialError);
  const [reset, setReset] = useState<ResetNote>(null);
  const [resetting, setResetting] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginForm), defaultValues: { email: '', password: '' } });
  const bound = bindFields(register, errors);

  const onSubmit = async (values: LoginValues) => {
    setFormError(null);
    setReset(null);
    const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
    if (error) {
      setFormError(authErrorMessage(error, t));
      return;
    }
    try {
      const user = await finishSignIn();
      if (openInAccountLanguage(user, target)) return;
      onSignedIn(target);
    } catch (cause) {
      setFormError(cause instanceof Error ? cause.message : authErrorMessage(null, t));
    }
  };

  const onReset = async () => {
    const parsed = resetRequestForm.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      setReset({ kind: 'warning', text: say(messages.resetEmailMissing) });
      return;
    }
    setResetting(true);
    setReset(null);
    const { error } = await authClient.requestPasswordReset({
      email: parsed.data.email,
      redirectTo: '/reset-password',
    });
    setResetting(false);
    if (error) {
      setReset({ kind: 'error', text: authErrorMessage(error, t) });
      return;
    }
    void notify('success', say(messages.resetSent));
    setReset({ kind: 'sent', text: t.resetLinkSent(parsed.data.email) });
  };

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label={t.login}>
        <FormAlert>{formError}</FormAlert>
        <EmailField id="login-email" label={t.email} {...bound('email')} />
        <PasswordField id="login-password" kind="current" label={t.password} {...bound('password')} />
        <SubmitButton busy={isSubmitting} label={t.login} busyLabel={t.loggingIn} />
      </form>

      <div className="rounded-box border border-base-300 bg-base-200/60 p-4">
        <p className="text-sm">{t.forgotPassword}</p>
        <button
          type="button"
          className="btn btn-link mt-1 px-0 text-primary"
          onClick={onReset}
          disabled={resetting}
        >
          {resetting ? t.sending : t.resetPassword}
        </button>
        {reset && (
          <p
            role={reset.kind === 'sent' ? 'status' : 'alert'}
            className={`mt-1 text-sm font-medium ${reset.kind === 'sent' ? 'text-success' : 'text-error'}`}
          >
            {reset.text}
          </p>
        )}
      </div>

      <OtherWayIn target={target} onError={setFormError} to="/signup" />
    </div>
  );
}
