import type { UserRecord } from '@kanna/shared/users';
import { Avatar } from '../../../components/ui/avatar';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { formatDate } from '../format';
import { adminTexts } from '../i18n';

interface UsersTableProps {
  users: UserRecord[];
  /** The signed-in admin's e-mail: their row says "(you)". */
  currentEmail?: string;
  onPromote: (user: UserRecord) => void;
  /** Takes an admin's role away (the server keeps the last administrator). */
  onDemote: (user: UserRecord) => void;
  /** Approves a customer for large unpaid orders, or withdraws the approval. */
  onApprove: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
  /** Opens the choice of a customer's price list (decision 0060). */
  onPriceList?: (user: UserRecord) => void;
}

/** Id of a row's name cell: the row's buttons are described by it ("Admin — Taro Yamada"). */
const nameCellId = (email: string) => `user-${email.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

/**
 * Spec §2 users: everyone, with an Admin button (hidden for admins) and a Delete button; an
 * admin has Remove admin instead, and a customer can be approved for unpaid orders past the
 * value and half-stock caps.
 */
export function UsersTable({
  users,
  currentEmail,
  onPromote,
  onDemote,
  onApprove,
  onDelete,
  onPriceList,
}: UsersTableProps) {
  const t = useTexts(adminTexts).users;
  const language = useLanguage();
  return (
    <CardTable caption={t.caption} withActions columns={[t.name, t.email, t.role, t.joined]}>
      {users.map((user) => {
        const isAdmin = user.role === 'admin';
        const isYou = user.email === currentEmail;
        return (
          <tr key={user.email} data-list-item className={cardTable.row}>
            <th scope="row" id={nameCellId(user.email)} className={`font-semibold ${cardTable.title}`}>
              <span className="flex min-w-40 items-center gap-3">
                <Avatar src={user.img} size={32} loading="lazy" className="size-8 shrink-0 bg-base-200" />
                <span>
                  {user.displayName}
                  {isYou && <span className="font-normal text-base-content/80">{t.you}</span>}
                </span>
              </span>
            </th>
            <td data-label={t.email} className={`[overflow-wrap:anywhere] ${cardTable.fieldStacked}`}>
              {user.email}
            </td>
            <td data-label={t.role} className={cardTable.field}>
              {isAdmin ? (
                <span className="badge badge-accent">{t.admin}</span>
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  {t.customer}
                  {user.approved && <span className="badge badge-success">{t.approved}</span>}
                </span>
              )}
            </td>
            <td data-label={t.joined} className={`whitespace-nowrap ${cardTable.field}`}>
              <time dateTime={user.createdAt}>{formatDate(user.createdAt, language)}</time>
            </td>
            <td className={cardTable.actions}>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {!isAdmin && (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary max-sm:btn-md"
                    aria-describedby={nameCellId(user.email)}
                    onClick={() => onPromote(user)}
                  >
                    {t.promote}
                  </button>
                )}
                {isAdmin && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline max-sm:btn-md"
                    aria-describedby={nameCellId(user.email)}
                    onClick={() => onDemote(user)}
                  >
                    {t.removeAdmin}
                  </button>
                )}
                {!isAdmin && onPriceList && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline max-sm:btn-md"
                    aria-describedby={nameCellId(user.email)}
                    onClick={() => onPriceList(user)}
                  >
                    {t.priceList}
                  </button>
                )}
                {!isAdmin && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline max-sm:btn-md"
                    aria-describedby={nameCellId(user.email)}
                    onClick={() => onApprove(user)}
                  >
                    {user.approved ? t.withdrawApproval : t.approve}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error max-sm:btn-md"
                  aria-describedby={nameCellId(user.email)}
                  onClick={() => onDelete(user)}
                >
                  {t.delete}
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </CardTable>
  );
}
