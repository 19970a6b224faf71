import type { SavedList } from '@kanna/shared/quick-order';
import { useId, useState } from 'react';
import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';

/**
 * A saved list's name and the button that saves it (定番リスト): the cart's lines, or an order's.
 * `save` saves a list of that name; what happened is said beside the button.
 */
export function SaveListForm({
  button,
  save,
  pending,
  error,
  initialName = '',
  className = '',
  disabled = false,
}: {
  button: string;
  save: (name: string, saved: (list: SavedList) => void) => void;
  pending: boolean;
  error: Error | null;
  initialName?: string;
  className?: string;
  /** Nothing to save yet. */
  disabled?: boolean;
}) {
  const t = useTexts(pieceTexts);
  const [name, setName] = useState(initialName);
  const [saved, setSaved] = useState('');
  const id = useId();
  return (
    <form
      className={`flex flex-col gap-2 sm:flex-row sm:items-end ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        setSaved('');
        save(name, (list) => setSaved(t.savedAs(list.name)));
      }}
    >
      <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={id}>
        {t.listName}
        <input
          id={id}
          className="input input-bordered w-full"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-outline" disabled={disabled || !name.trim() || pending}>
        {button}
      </button>
      <p aria-live="polite" className="text-sm sm:self-center">
        {saved}
        {error && <span className="text-error">{error.message}</span>}
      </p>
    </form>
  );
}
