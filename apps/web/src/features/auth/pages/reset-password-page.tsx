import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';
import { ResetRequestForm } from '../components/reset-request-form';
import { authTexts } from '../i18n';

/**
 * /reset-password?token=… (the e-mailed link comes here through the server): choose a new
 * password. Without a token, or with an expired one, ask for a new link.
 */
export function ResetPasswordPage() {
  const t = useTexts(authTexts);
  usePageMeta(t.resetPassword, t.resetDescription);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');

  if (token && !linkError) {
    return (
      <AuthCard title={t.resetPassword} intro={<p>{t.resetDescription}</p>}>
        <NewPasswordForm
          token={token}
          onDone={() => {
            void notify('success', t.passwordChanged);
            navigate('/login', { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t.resetPassword}
      intro={
        linkError ? (
          <p role="alert" className="font-medium text-error">
            {t.resetLinkExpired}
          </p>
        ) : (
          <p>{t.resetIntro}</p>
        )
      }
    >
      <ResetRequestForm />
      <p className="mt-6 text-center">
        {t.rememberedIt}{' '}
        <Link to="/login" className="link link-primary font-medium">
          {t.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
