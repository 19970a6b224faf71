import { messages } from '@kanna/shared/domain/messages';
import type { UserRecord } from '@kanna/shared/users';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';

const empty = <span className="text-base-content/70 italic">{messages.noData}</span>;

const text = (value: string | null): ReactNode => (value ? value : empty);

const link = (value: string | null, site: string): ReactNode =>
  value ? (
    <a href={value} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
      {value}
      <span className="sr-only"> ({site}, opens in a new tab)</span>
    </a>
  ) : (
    empty
  );

/** The profile as the spec lists it (§2 myProfile, §3): every empty field says 'no data found!'. */
export function ProfileView({ user }: { user: UserRecord }) {
  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Name', value: text(user.displayName) },
    { label: 'Email', value: text(user.email) },
    { label: 'Phone', value: text(user.phone) },
    { label: 'District', value: text(user.district) },
    { label: 'City', value: text(user.city) },
    { label: 'Street address', value: text(user.streetAddress) },
    { label: 'Facebook', value: link(user.facebook, 'Facebook') },
    { label: 'LinkedIn', value: link(user.linkedin, 'LinkedIn') },
  ];
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <figure className="flex shrink-0 flex-col items-center gap-2">
        <Avatar
          src={user.img}
          alt={user.img ? `${user.displayName}'s picture` : 'Default picture'}
          size={160}
          className="size-32 border-4 border-base-300 bg-base-200 sm:size-40"
        />
        {!user.img && (
          <figcaption className="text-sm text-base-content/70 italic">{messages.noData}</figcaption>
        )}
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
