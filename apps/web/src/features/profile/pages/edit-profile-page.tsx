import { messages } from '@kanna/shared/domain/messages';
import { useNavigate } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileEditForm } from '../components/profile-form';
import { profileTexts } from '../i18n';

/** /dashboard/editProfile (spec §2): the profile form, prefilled; saving returns to the profile. */
export function EditProfilePage() {
  const t = useTexts(profileTexts);
  const say = useSay();
  usePageMeta(t.editProfile, t.editDescription);
  const { user } = useSession();
  const email = user?.email ?? '';
  const query = useProfile(email);
  const update = useUpdateProfile(email);
  const navigate = useNavigate();

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{t.editProfile}</h1>
      <p className="mb-6 text-base-content/80">{t.editLead}</p>
      <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
        {update.isError && <FormAlert className="mb-5">{t.notSaved(update.error.message)}</FormAlert>}
        <QueryState query={query} loadingLabel={t.loadingProfile} errorTitle={t.profileNotLoaded}>
          {(profile) => (
            <ProfileEditForm
              user={profile}
              onSave={async (values) => {
                await update.mutateAsync(values);
                void notify('success', say(messages.profileUpdated));
                navigate('/dashboard/myProfile');
              }}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
