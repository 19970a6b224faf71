import { messages } from '@kanna/shared/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { DashboardPage } from '../../../components/ui/headed-section';
import { VerifyEmailNotice } from '../../../components/ui/verify-email-notice';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { ReviewForm } from '../components/review-form';
import { reviewsTexts } from '../i18n';

/** /dashboard/addReview (signed in): rate the tools and say how they work. */
export function AddReviewPage() {
  const t = useTexts(reviewsTexts);
  usePageMeta(t.addTitle, t.addDescription);
  const session = useSession();
  const [posted, setPosted] = useState(false);
  const user = session.user;

  return (
    <DashboardPage id="add-review-heading" title={t.addTitle} width="max-w-2xl">
      <p className="mt-2 text-base-content/80">{t.addLead}</p>
      {user && (
        <div className="mt-6 flex items-center gap-3">
          <Avatar src={user.image} size={40} className="size-10 bg-base-200 ring-2 ring-secondary" />
          <p>
            {t.postingAs} <span className="font-semibold">{user.name}</span>
          </p>
        </div>
      )}
      <div className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        {user && !user.emailVerified ? (
          <VerifyEmailNotice email={user.email} why={messages.verifyEmailToReview} />
        ) : (
          <ReviewForm onPosted={() => setPosted(true)} />
        )}
      </div>
      {posted && (
        <p className="mt-4" role="status">
          {t.thanks}{' '}
          <Link to="/home" className="link link-primary">
            {t.homePage}
          </Link>{' '}
          {t.orWith}{' '}
          <Link to="/allReview" className="link link-primary">
            {t.allReviews}
          </Link>
          {t.readItEnd}
        </p>
      )}
    </DashboardPage>
  );
}
