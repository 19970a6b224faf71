import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';
import { authTexts } from '../i18n';
import { redirectTarget } from '../redirect-target';
import { useArrivalSession } from '../use-arrival-session';

export function SignupPage() {
  const t = useTexts(authTexts);
  usePageMeta(t.signUp, t.signUpDescription);
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = useArrivalSession();

  if (arrival === 'loading')
    return <LoadingDots label={t.checkingSession} className="min-h-[60svh] items-center" />;
  if (arrival === 'signed-in') return <Navigate to="/dashboard/myProfile" replace />;

  return (
    <AuthCard title={t.signUp} intro={<p>{t.signUpIntro}</p>}>
      <SignupForm target={redirectTarget(location)} onSignedIn={(to) => navigate(to, { replace: true })} />
    </AuthCard>
  );
}
