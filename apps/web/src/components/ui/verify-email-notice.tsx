import { messages } from '@kanna/shared/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useLocation } from 'react-router';
import { authRequest } from '../../lib/api-client';
import { useTexts } from '../../lib/i18n';
import { useSay } from '../../lib/say';
import { refreshSession } from '../../lib/session';
import { pieceTexts } from './i18n';

/**
 * Shown instead of the order form, the checkout or the review form to a customer whose e-mail
 * address is not confirmed yet: ordering and reviewing need it (the server refuses too). Sends
 * the link again, and lets a customer who confirmed in another tab carry on without reloading.
 */
export function VerifyEmailNotice({
  email,
  why = messages.verifyEmailToOrder,
}: {
  email: string;
  /** What the confirmation is needed for, in the server's words. */
  why?: string;
}) {
  const t = useTexts(pieceTexts);
  const say = useSay();
  // The link in the mail brings the buyer back here.
  const { pathname } = useLocation();
  const resend = useMutation({
    mutationFn: () =>
      authRequest<unknown>('/api/auth/send-verification-email', {
        email,
        callbackURL: pathname,
      }),
  });
  return (
    <section aria-labelledby="verify-heading" className="flex flex-col gap-4">
      <h3 id="verify-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MailCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {t.confirmEmail}
      </h3>
      <p className="text-base-content/90">{say(why)}</p>
      <p className="text-sm text-base-content/80">
        {t.sentTo} <span className="font-semibold break-all">{email}</span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t.sending : t.sendLinkAgain}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void refreshSession()}>
          {t.haveConfirmed}
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm">
        {resend.isSuccess ? say(messages.verificationSent) : ''}
      </p>
      {resend.isError && (
        <p role="alert" className="text-sm text-error">
          {resend.error.message}
        </p>
      )}
    </section>
  );
}
