import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
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
        <QueryState
          query={query}
          loadingLabel="Loading your profile"
          errorTitle="Your profile could not be loaded."
        >
          {(profile) => <ProfileView user={profile} />}
        </QueryState>
      </div>
    </section>
  );
}
