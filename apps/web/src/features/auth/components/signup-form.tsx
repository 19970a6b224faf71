import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@kanna/shared/domain/messages';
import { type SignUpForm as SignUpValues, signUpForm } from '@kanna/shared/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { notify } from '../../../lib/toast';
import { finishSignIn } from '../api/finish-sign-in';
import { GoogleButton } from './google-button';

interface SignupFormProps {
  target: string;
  onSignedIn: (target: string) => void;
}

/**
 * Spec §2 /signup: name, e-mail and password. Success toasts 'Registration Completed'; a refusal
 * toasts 'Your email is not valid' and shows the server's reason on the form (spec §8).
 */
export function SignupForm({ target, onSignedIn }: SignupFormProps) {
  const { state } = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpForm),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (values: SignUpValues) => {
    setFormError(null);
    const { error } = await authClient.signUp.email(values);
    if (error) {
      void notify('error', messages.registrationFailed);
      setFormError(authErrorMessage(error));
      return;
    }
    void notify('success', messages.registrationCompleted);
    try {
      await finishSignIn(values.name);
      onSignedIn(target);
    } catch (cause) {
      setFormError(cause instanceof Error ? cause.message : authErrorMessage(null));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Sign up">
        <FormAlert>{formError}</FormAlert>
        <InputField
          id="signup-name"
          label="Name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name}
        />
        <InputField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email}
        />
        <InputField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing up…' : 'Sign Up'}
        </button>
      </form>

      <div className="divider my-0 text-sm text-base-content/75">or</div>
      <GoogleButton callbackURL={target} onError={setFormError} />

      <p className="text-center">
        Already have an account?{' '}
        <Link to="/login" state={state} className="link link-primary font-medium">
          Login
        </Link>
      </p>
    </div>
  );
}
