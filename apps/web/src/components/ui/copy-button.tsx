import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's words ('Copy address'). */
  label: string;
  className?: string;
}

/** How long 'Copied' stays beside the button. */
const SAID_FOR_MS = 4000;

/**
 * Copies `text` to the clipboard and says so beside the button, in a polite live region that
 * screen readers announce ('Copied'); where the browser refuses, it says how to copy by hand.
 */
export function CopyButton({ text, label, className = '' }: CopyButtonProps) {
  const t = useTexts(pieceTexts);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid({ ok: true, text: t.copied });
    } catch {
      setSaid({ ok: false, text: t.copyFailed });
    }
  };

  return (
    <span className={`flex flex-wrap items-center gap-2 ${className}`}>
      <button type="button" className="btn btn-sm btn-outline max-sm:btn-md" onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden="true" />
        {label}
      </button>
      <span role="status" className={`text-sm ${said?.ok === false ? 'text-error' : 'font-semibold'}`}>
        {said?.text}
      </span>
    </span>
  );
}
