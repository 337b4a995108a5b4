import { AdminApiError, storedAdminLocale } from '../api.ts';

/**
 * Sends files to a staff upload endpoint as multipart/form-data, reporting the share sent
 * (0 to 1) as it goes (fetch cannot tell upload progress, XMLHttpRequest can). Resolves with the
 * JSON answer; a refusal rejects with AdminApiError carrying the status, the message and, for a
 * 409, the newer state in `body`.
 */
export function uploadFiles<T>(path: string, files: File[], onProgress: (share: number) => void): Promise<T> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('lang', storedAdminLocale());
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { message?: string; field?: string; current?: unknown };
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      reject(new UploadError(xhr.status, body.message ?? xhr.statusText, body.field, body));
    };
    xhr.onerror = () => reject(new UploadError(0, 'network', undefined, {}));
    xhr.send(form);
  });
}

/** A refused upload, with the whole answer (a 409's newer state). */
export class UploadError extends AdminApiError {
  constructor(status: number, message: string, field: string | undefined, body: Record<string, unknown>) {
    super(status, message, field, body.current, body);
    this.name = 'UploadError';
  }
}
