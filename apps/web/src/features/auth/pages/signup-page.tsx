import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';
import { redirectTarget } from '../redirect-target';
import { useArrivalSession } from '../use-arrival-session';

export function SignupPage() {
  usePageMeta('Sign up', 'Create a Kanna account to order Japanese wooden hand tools in bulk.');
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = useArrivalSession();

  if (arrival === 'loading')
    return <LoadingDots label="Checking your session" className="min-h-[60svh] items-center" />;
  if (arrival === 'signed-in') return <Navigate to="/dashboard/myProfile" replace />;

  return (
    <AuthCard
      title="Sign up"
      intro={<p>Create an account to order tools factory direct, pay by card and write reviews.</p>}
    >
      <SignupForm target={redirectTarget(location)} onSignedIn={(to) => navigate(to, { replace: true })} />
    </AuthCard>
  );
}
