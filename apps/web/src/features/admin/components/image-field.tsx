import { IMAGE_TYPES } from '@kanna/shared/domain/limits';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { checkImage, type Upload, uploadImage } from '../api/upload-image';
import { adminTexts } from '../i18n';

interface ImageFieldProps {
  /** The uploaded picture's address, or '' before one is uploaded. */
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  /** The form's message for this field ('Image is required: upload a picture'). */
  error?: string;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The file input, for the form to focus when the picture is missing. */
  ref?: Ref<HTMLInputElement>;
  /** Alt text of the preview ('The product picture'). */
  previewAlt?: string;
}

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; preview: string }
  | { kind: 'failed'; message: string };

/**
 * 'Image': choose a picture and it uploads at once, with a progress bar ('Uploading image'),
 * then shows as the shop will show it. A refused file (too large, not a picture) says why and
 * keeps the picture there was.
 */
export function ImageField({
  value,
  onChange,
  onBlur,
  error,
  onUploadingChange,
  ref,
  previewAlt,
}: ImageFieldProps) {
  const t = useTexts(adminTexts).form;
  const say = useSay();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const current = useRef<Upload | null>(null);
  const notifyUploading = useRef(onUploadingChange);
  notifyUploading.current = onUploadingChange;

  // Leaving the page (or the dialog) stops an upload nobody will use.
  useEffect(
    () => () => {
      current.current?.abort();
    },
    [],
  );

  const choose = (file: File | undefined) => {
    if (!file) return;
    current.current?.abort();
    const refused = checkImage(file);
    if (refused) {
      setState({ kind: 'failed', message: refused });
      return;
    }
    const preview = URL.createObjectURL(file);
    setState({ kind: 'uploading', sent: 0, preview });
    notifyUploading.current?.(true);
    const upload = uploadImage(file, (sent) =>
      setState((s) => (s.kind === 'uploading' && s.preview === preview ? { ...s, sent } : s)),
    );
    current.current = upload;
    upload.done
      .then((url) => {
        setState({ kind: 'idle' });
        onChange(url);
      })
      .catch((cause: unknown) => {
        if (cause instanceof DOMException && cause.name === 'AbortError') return;
        const message = cause instanceof ApiError ? cause.message : t.uploadFailed;
        setState({ kind: 'failed', message });
      })
      .finally(() => {
        URL.revokeObjectURL(preview);
        if (current.current === upload) {
          current.current = null;
          notifyUploading.current?.(false);
        }
      });
  };

  const failed = state.kind === 'failed' ? state.message : error;
  const message = failed && say(failed);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const percent = state.kind === 'uploading' ? Math.round(state.sent * 100) : 0;

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-file`} className="font-semibold">
        {t.image}
      </label>
      <p id={hintId} className="text-sm text-base-content/80">
        {t.imageHint}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex aspect-[4/3] w-40 shrink-0 items-center justify-center overflow-hidden rounded-box border border-base-300 bg-base-200">
          {state.kind === 'uploading' ? (
            <img src={state.preview} alt="" className="h-full w-full object-cover opacity-60" />
          ) : value ? (
            <img
              src={value}
              alt={previewAlt ?? t.pictureAlt}
              width={160}
              height={120}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="px-2 text-center text-sm text-base-content/70">{t.noPicture}</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={ref}
            id={`${id}-file`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className={`file-input w-full ${message ? 'file-input-error' : ''}`}
            aria-invalid={Boolean(message)}
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => choose(event.target.files?.[0])}
            onBlur={onBlur}
          />
          {state.kind === 'uploading' && (
            <div className="flex flex-col gap-1">
              <div className="flex justify-between text-sm">
                <label htmlFor={`${id}-progress`}>{t.uploading}</label>
                <span aria-hidden="true">{percent}%</span>
              </div>
              <progress
                id={`${id}-progress`}
                className="progress progress-primary w-full"
                value={percent}
                max={100}
              />
            </div>
          )}
          {message && (
            <p id={errorId} className="text-sm font-medium text-error">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
