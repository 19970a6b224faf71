import { messages } from '@kanna/shared/domain/messages';
import { useNavigate } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
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
          <FormAlert className="mb-5">Your profile was not saved: {update.error.message}</FormAlert>
        )}
        <QueryState
          query={query}
          loadingLabel="Loading your profile"
          errorTitle="Your profile could not be loaded."
        >
          {(profile) => (
            <ProfileEditForm
              user={profile}
              onSave={async (values) => {
                await update.mutateAsync(values);
                void notify('success', messages.profileUpdated);
                navigate('/dashboard/myProfile');
              }}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
