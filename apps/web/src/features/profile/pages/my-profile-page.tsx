import { BookUser, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { ProfileView } from '../components/profile-view';
import { profileTexts } from '../i18n';

/** /dashboard/myProfile (spec §2): the signed-in user's record, and the way to edit it. */
export function MyProfilePage() {
  const t = useTexts(profileTexts);
  usePageMeta(t.myProfile, t.myProfileDescription);
  const { user } = useSession();
  const query = useProfile(user?.email ?? '');

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.myProfile}</h1>
        <div className="flex flex-wrap gap-2">
          <LanguageSwitch className="btn-sm border border-base-300" />
          <Link to="/dashboard/addresses" className="btn btn-outline btn-sm">
            <BookUser className="size-4" aria-hidden="true" />
            {t.addressBook}
          </Link>
          <Link to="/dashboard/editProfile" className="btn btn-primary btn-sm">
            <Pencil className="size-4" aria-hidden="true" />
            {t.editProfile}
          </Link>
        </div>
      </div>
      <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
        <QueryState query={query} loadingLabel={t.loadingProfile} errorTitle={t.profileNotLoaded}>
          {(profile) => <ProfileView user={profile} />}
        </QueryState>
      </div>
    </section>
  );
}
