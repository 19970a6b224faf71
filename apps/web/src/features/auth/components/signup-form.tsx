import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@kanna/shared/domain/messages';
import { type SignUpForm as SignUpValues, signUpForm } from '@kanna/shared/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { EmailField, NameField, PasswordField, SubmitButton } from '../../../components/ui/account-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields } from '../../../components/ui/form-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { finishSignIn } from '../api/finish-sign-in';
import { authTexts } from '../i18n';
import { OtherWayIn } from './other-way-in';

interface SignupFormProps {
  target: string;
  onSignedIn: (target: string) => void;
}

/**
 * Spec §2 /signup: name, e-mail and password. Success toasts 'Registration Completed'; a refusal
 * toasts 'Your email is not valid' and shows the server's reason on the form (spec §8).
 */
export function SignupForm({ target, onSignedIn }: SignupFormProps) {
  const t = useTexts(authTexts);
  const say = useSay();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const bound = bindFields(register, errors);

  const onSubmit = async (values: SignUpValues) => {
    setFormError(null);
    const { error } = await authClient.signUp.email(values);
    if (error) {
      void notify('error', say(messages.registrationFailed));
      setFormError(authErrorMessage(error, t));
      return;
    }
    void notify('success', say(messages.registrationCompleted));
    try {
      await finishSignIn(values.name);
      onSignedIn(target);
    } catch (cause) {
      setFormError(cause instanceof Error ? cause.message : authErrorMessage(null, t));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="flex flex-col gap-4"
        aria-label={t.signUp}
      >
        <FormAlert>{formError}</FormAlert>
        <NameField id="signup-name" label={t.name} {...bound('name')} />
        <EmailField id="signup-email" label={t.email} {...bound('email')} />
        <PasswordField
          id="signup-password"
          kind="new"
          label={t.password}
          hint={t.atLeastSix}
          {...bound('password')}
        />
        <SubmitButton busy={isSubmitting} label={t.signUpButton} busyLabel={t.signingUp} />
      </form>

      <OtherWayIn target={target} onError={setFormError} to="/login" />
    </div>
  );
}
