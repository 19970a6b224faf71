import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { ProfileView } from '../components/profile-view';

/** /dashboard/myProfile (spec §2): the signed-in user's record, and the way to edit it. */
export function MyProfilePage() {
  usePageMeta('My Profile', 'Your Kanna profile: name, contact details and address for your orders.');
  const { user } = useSession();
  const query = useProfile(user?.email ?? '');

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">My Profile</h1>
        <Link to="/dashboard/editProfile" className="btn btn-primary btn-sm">
          <Pencil className="size-4" aria-hidden="true" />
          Edit profile
        </Link>
      </div>
      <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
        {query.isPending ? (
          <LoadingDots label="Loading your profile" className="min-h-48 items-center" />
        ) : query.isError ? (
          <ErrorMessage
            title="Your profile could not be loaded."
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <ProfileView user={query.data} />
        )}
      </div>
    </section>
  );
}
