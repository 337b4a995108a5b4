import { useState } from 'react';
import { AdminApiError, errorText, storedAdminLocale } from '../api.ts';
import { useTr } from '../i18n.ts';

/**
 * An image of a page section: uploaded through the media endpoint (checked, made into WebP and
 * AVIF, EXIF stripped; DECISIONS 38), or an existing `/media/...` path typed in.
 */
export function ImagePicker({ src, onChange }: { src: string; onChange: (src: string) => void }) {
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const url = new URL('/api/admin/media/images', window.location.origin);
      url.searchParams.set('lang', storedAdminLocale());
      // multipart: adminApi speaks JSON only.
      const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin' });
      const data = (await response.json().catch(() => ({}))) as {
        url?: string;
        message?: string;
        field?: string;
      };
      if (!response.ok || !data.url)
        throw new AdminApiError(response.status, data.message ?? response.statusText, data.field);
      onChange(data.url);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm-stack">
      {src ? <img className="adm-cnt__thumb" src={src} alt="" /> : null}
      <label className="adm-field">
        {tr('Загрузить изображение', 'Upload an image')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
            e.target.value = '';
          }}
        />
      </label>
      {busy ? <span className="adm-muted">{tr('Загружаем…', 'Uploading…')}</span> : null}
      {error ? (
        <span className="adm-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
