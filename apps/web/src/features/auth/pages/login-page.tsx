import { messages } from '@kanna/shared/domain/messages';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { usePageMeta } from '../../../lib/page-meta';
import { googleErrorText } from '../api/google-sign-in';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { redirectTarget } from '../redirect-target';
import { useArrivalSession } from '../use-arrival-session';

export function LoginPage() {
  usePageMeta('Login', 'Sign in to Kanna to order tools in bulk, pay by card and follow your orders.');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const arrival = useArrivalSession();
  const target = redirectTarget(location);
  const googleError = params.get('error');
  // A verification link signs nobody in: it leads here, and the address is confirmed.
  const confirmed = params.has('confirmed');

  if (arrival === 'loading')
    return <LoadingDots label="Checking your session" className="min-h-[60svh] items-center" />;
  if (arrival === 'signed-in') return <Navigate to="/dashboard/myProfile" replace />;

  const from = target !== '/' ? target.split(/[?#]/)[0] : null;
  return (
    <AuthCard
      title="Login"
      intro={
        confirmed ? (
          <p role="status" className="font-medium text-success">
            {messages.emailConfirmed}
          </p>
        ) : from ? (
          <p role="status">
            Please log in to open <span className="font-medium break-all">{from}</span>.
          </p>
        ) : (
          <p>Welcome back. Log in to order tools, pay and follow your orders.</p>
        )
      }
    >
      <LoginForm
        target={target}
        initialError={googleError ? googleErrorText(googleError) : null}
        onSignedIn={(to) => navigate(to, { replace: true })}
      />
    </AuthCard>
  );
}
