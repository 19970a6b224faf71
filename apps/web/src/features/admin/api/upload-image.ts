import { uploadImage as uploadImageEndpoint } from '@kanna/shared/api/catalog';
import type { ResponseOf } from '@kanna/shared/api/endpoint';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { ApiError, unreachable } from '../../../lib/api-client';

type UploadResponse = ResponseOf<typeof uploadImageEndpoint>;

/**
 * A reason to refuse `file` before uploading it, or null: the upload endpoint's own limits and
 * words (the server judges the bytes; this only saves a pointless upload).
 */
export function checkImage(file: File): string | null {
  if (file.size > IMAGE_MAX_BYTES) return messages.pictureTooLarge;
  // Some systems give no type for newer formats: then the server decides.
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.pictureWrongType;
  return null;
}

export interface Upload {
  /** The uploaded picture's address (`/media/{id}/640.webp`). */
  done: Promise<string>;
  abort: () => void;
}

/**
 * The `uploadImage` contract (admin; multipart field `image`) through XMLHttpRequest, which (unlike
 * fetch) reports upload progress: `onProgress` gets the share sent so far, from 0 to 1.
 * Fails with an {@link ApiError} carrying the server's message (413 too large, 415 not a picture).
 */
export function uploadImage(file: File, onProgress: (sent: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    xhr.open(uploadImageEndpoint.method, uploadImageEndpoint.path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status === (uploadImageEndpoint.status ?? 200) && (body as UploadResponse | null)?.success) {
        onProgress(1);
        resolve((body as UploadResponse).data.url);
        return;
      }
      const error = body as { statusCode?: number; error?: string; message?: string } | null;
      reject(
        new ApiError(
          xhr.status,
          error?.error ?? (xhr.statusText || 'Error'),
          typeof error?.message === 'string'
            ? error.message
            : `The picture could not be uploaded (error ${xhr.status}). Please try again.`,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network Error', unreachable));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
