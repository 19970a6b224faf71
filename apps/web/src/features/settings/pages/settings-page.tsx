import { messages } from '@kanna/shared/domain/messages';
import { DashboardPage } from '../../../components/ui/headed-section';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { useShopTime } from '../../../lib/shop-time';
import { notify } from '../../../lib/toast';
import { useSaveShopSettings, useShopSettingsForAdmin } from '../api/shop-settings';
import { SettingsForm } from '../components/settings-form';
import { settingsTexts } from '../i18n';

/**
 * /dashboard/settings (admin): the shop's own settings (docs/rules.md, "Shop settings") — who the shop is, the bank
 * details for transfers, tax, shipping zones and the minimum order. Nothing saved: the defaults,
 * which switch nothing on.
 */
export function SettingsPage() {
  const t = useTexts(settingsTexts);
  const say = useSay();
  const when = useShopTime();
  usePageMeta(t.title, t.description);
  const query = useShopSettingsForAdmin();
  const save = useSaveShopSettings();
  const refused = save.error instanceof ApiError ? save.error.errors : undefined;

  return (
    <DashboardPage id="settings-heading" title={t.title} width="max-w-3xl">
      <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
        {(answer) => (
          <>
            <p className="mt-2 text-base-content/80">
              {answer.updatedAt && answer.updatedBy
                ? t.lastSaved(answer.updatedBy, when(answer.updatedAt))
                : t.notSaved}
            </p>
            <div className="mt-6">
              <SettingsForm
                initial={answer.settings}
                serverError={save.error?.message}
                serverErrors={refused}
                onSubmit={async (values) => {
                  try {
                    await save.mutateAsync(values);
                  } catch (error) {
                    void notify('error', error instanceof Error ? error.message : String(error));
                    return false;
                  }
                  void notify('success', say(messages.shopSettingsSaved));
                  save.reset();
                  return true;
                }}
              />
            </div>
          </>
        )}
      </QueryState>
    </DashboardPage>
  );
}
