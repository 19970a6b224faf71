/**
 * A form's Save button (saying it saves while `saving`, and waiting) with Cancel beside it, in the
 * form's own words.
 */
export function SaveOrCancel({
  saving,
  texts,
  onCancel,
  className = '',
}: {
  saving: boolean;
  texts: { save: string; saving: string; cancel: string };
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? texts.saving : texts.save}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {texts.cancel}
      </button>
    </div>
  );
}
