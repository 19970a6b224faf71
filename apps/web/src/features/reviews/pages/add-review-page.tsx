import { messages } from '@kanna/shared/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { VerifyEmailNotice } from '../../../components/ui/verify-email-notice';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { ReviewForm } from '../components/review-form';

/** /dashboard/addReview (signed in): rate the tools and say how they work. */
export function AddReviewPage() {
  usePageMeta(
    'Add Review',
    'Rate Kanna’s wooden hand tools from 1 to 5 stars and tell other woodworkers how they work for you.',
  );
  const session = useSession();
  const [posted, setPosted] = useState(false);
  const user = session.user;

  return (
    <section
      aria-labelledby="add-review-heading"
      className="w-full max-w-2xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0"
    >
      <h1 id="add-review-heading" className="text-3xl font-bold">
        Add Review
      </h1>
      <p className="mt-2 text-base-content/80">
        Your review shows first under CLIENT REVIEW on the home page, with your name and picture.
      </p>
      {user && (
        <div className="mt-6 flex items-center gap-3">
          <Avatar src={user.image} size={40} className="size-10 bg-base-200 ring-2 ring-secondary" />
          <p>
            Posting as <span className="font-semibold">{user.name}</span>
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
          Thank you! Read it on the{' '}
          <Link to="/home" className="link link-primary">
            home page
          </Link>{' '}
          or with{' '}
          <Link to="/allReview" className="link link-primary">
            all reviews
          </Link>
          .
        </p>
      )}
    </section>
  );
}
