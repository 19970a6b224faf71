import { Link, useLocation } from 'react-router';
import { useTexts } from '../../../lib/i18n';
import { authTexts } from '../i18n';
import { GoogleButton } from './google-button';

/**
 * Under the log-in and sign-up forms: "or" Google, then the question and the link to the other
 * form, which keeps where the reader was going (the location's state).
 */
export function OtherWayIn({
  target,
  onError,
  to,
}: {
  target: string;
  onError: (message: string) => void;
  to: '/login' | '/signup';
}) {
  const t = useTexts(authTexts);
  const { state } = useLocation();
  const [question, linkLabel] = to === '/signup' ? [t.newToKanna, t.createAccount] : [t.haveAccount, t.login];
  return (
    <>
      <div className="divider my-0 text-sm text-base-content/75">{t.or}</div>
      <GoogleButton callbackURL={target} onError={onError} />

      <p className="text-center">
        {question}{' '}
        <Link to={to} state={state} className="link link-primary font-medium">
          {linkLabel}
        </Link>
      </p>
    </>
  );
}
