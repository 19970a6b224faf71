import { messages } from '@kanna/shared/domain/messages';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { googleErrorText } from '../api/google-sign-in';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { authTexts } from '../i18n';
import { loginPurpose, redirectTarget } from '../redirect-target';
import { useArrivalSession } from '../use-arrival-session';

export function LoginPage() {
  const t = useTexts(authTexts);
  const say = useSay();
  usePageMeta(t.login, t.loginDescription);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const arrival = useArrivalSession();
  const target = redirectTarget(location);
  const googleError = params.get('error');
  // A verification link signs nobody in: it leads here, and the address is confirmed.
  const confirmed = params.has('confirmed');

  if (arrival === 'loading')
    return <LoadingDots label={t.checkingSession} className="min-h-[60svh] items-center" />;
  if (arrival === 'signed-in') return <Navigate to="/dashboard/myProfile" replace />;

  // What the user logs in for, in words: the page's address means nothing to them.
  const purpose = loginPurpose(target);
  return (
    <AuthCard
      title={t.login}
      intro={
        confirmed ? (
          <p role="status" className="font-medium text-success">
            {say(messages.emailConfirmed)}
          </p>
        ) : purpose ? (
          <p role="status">{t.loginFor[purpose]}</p>
        ) : (
          <p>{t.welcomeBack}</p>
        )
      }
    >
      <LoginForm
        target={target}
        initialError={googleError ? googleErrorText(googleError, t) : null}
        onSignedIn={(to) => navigate(to, { replace: true })}
      />
    </AuthCard>
  );
}
