import { countryName } from '@kanna/shared/domain/countries';
import { type Language, languageNames } from '@kanna/shared/domain/languages';
import { messages } from '@kanna/shared/domain/messages';
import type { Translation } from '@kanna/shared/domain/translation';
import type { UserRecord } from '@kanna/shared/users';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { profileTexts } from '../i18n';
import type en from '../i18n/en';

/** How each field is shown: its value, or the spec's 'no data found!' (in the reader's language). */
function shown(t: Translation<typeof en>, noData: string) {
  const empty = <span className="text-base-content/70 italic">{noData}</span>;
  return {
    text: (value: string | null): ReactNode => (value ? value : empty),
    link: (value: string | null, site: string): ReactNode =>
      value ? (
        <a href={value} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
          {value}
          <span className="sr-only">{t.opensInNewTab(site)}</span>
        </a>
      ) : (
        empty
      ),
    language: (value: Language | null): ReactNode =>
      value ? <span lang={value}>{languageNames[value]}</span> : t.browserLanguage,
  };
}

/** The profile as the spec lists it (§2 myProfile, §3): every empty field says 'no data found!'. */
export function ProfileView({ user }: { user: UserRecord }) {
  const t = useTexts(profileTexts);
  const reader = useLanguage();
  const noData = useSay()(messages.noData);
  const { text, link, language } = shown(t, noData);
  const rows: { label: string; value: ReactNode }[] = [
    { label: t.name, value: text(user.displayName) },
    { label: t.email, value: text(user.email) },
    { label: t.company, value: text(user.company) },
    { label: t.department, value: text(user.department) },
    { label: t.phone, value: text(user.phone) },
    { label: t.district, value: text(user.district) },
    { label: t.city, value: text(user.city) },
    { label: t.streetAddress, value: text(user.streetAddress) },
    { label: t.country, value: text(user.country && countryName(user.country, reader)) },
    { label: 'Facebook', value: link(user.facebook, 'Facebook') },
    { label: 'LinkedIn', value: link(user.linkedin, 'LinkedIn') },
    { label: t.language, value: language(user.language ?? null) },
  ];
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <figure className="flex shrink-0 flex-col items-center gap-2">
        <Avatar
          src={user.img}
          alt={user.img ? t.pictureOf(user.displayName) : t.defaultPicture}
          size={160}
          className="size-32 border-4 border-base-300 bg-base-200 sm:size-40"
        />
        {!user.img && <figcaption className="text-sm text-base-content/70 italic">{noData}</figcaption>}
      </figure>
      <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr] sm:gap-y-3">
        {rows.map((row) => (
          <div key={row.label} className="sm:contents">
            <dt className="font-semibold text-base-content/80">{row.label}</dt>
            <dd className="min-w-0 break-words">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
