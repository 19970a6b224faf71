import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';
import { ResetRequestForm } from '../components/reset-request-form';

/**
 * /reset-password?token=… (the e-mailed link comes here through the server): choose a new
 * password. Without a token, or with an expired one, ask for a new link.
 */
export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your Kanna account.');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');

  if (token && !linkError) {
    return (
      <AuthCard title="Reset password" intro={<p>Choose a new password for your Kanna account.</p>}>
        <NewPasswordForm
          token={token}
          onDone={() => {
            void notify('success', 'Your password has been changed. Please log in with it.');
            navigate('/login', { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset password"
      intro={
        linkError ? (
          <p role="alert" className="font-medium text-error">
            This reset link is invalid or has expired. Ask for a new one below.
          </p>
        ) : (
          <p>Type the email of your account and we will send you a link to choose a new password.</p>
        )
      }
    >
      <ResetRequestForm />
      <p className="mt-6 text-center">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary font-medium">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
