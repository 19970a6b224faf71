import { messages } from '@kanna/shared/messages';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileEditForm } from '../components/profile-form';

/** /dashboard/editProfile (spec §2): the profile form, prefilled; saving returns to the profile. */
export function EditProfilePage() {
  usePageMeta('Edit profile', 'Update your name, phone, address and links on your Kanna profile.');
  const { user } = useSession();
  const email = user?.email ?? '';
  const query = useProfile(email);
  const update = useUpdateProfile(email);
  const navigate = useNavigate();

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">Edit profile</h1>
      <p className="mb-6 text-base-content/80">
        We use your phone and address to arrange delivery of your orders.
      </p>
      <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
        {update.isError && (
          <p
            role="alert"
            className="mb-5 rounded-box border border-error/40 bg-error/5 p-3 font-medium text-error"
          >
            Your profile was not saved: {update.error.message}
          </p>
        )}
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
          <ProfileEditForm
            user={query.data}
            onSave={async (values) => {
              await update.mutateAsync(values);
              void notify('success', messages.profileUpdated);
              navigate('/dashboard/myProfile');
            }}
          />
        )}
      </div>
    </section>
  );
}
