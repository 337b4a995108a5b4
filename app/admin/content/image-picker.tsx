import { staffMessage } from '../../../core/staff-messages.ts';
import { useAdminLocale } from '../i18n.ts';
import { callApi, endpoint } from '../ui/api-client.ts';
import { useAction } from '../ui/use-action.ts';

/** One image into the media store (server/routes/admin/media.routes.ts): multipart, its `file` field. */
const uploadImage = endpoint<{ url: string }, FormData>('POST', () => '/api/admin/media/images');

/**
 * An image of a page section: uploaded through the media endpoint (checked, made into WebP and
 * AVIF, EXIF stripped; DECISIONS 38), or an existing `/media/...` path typed in.
 */
export function ImagePicker({ src, onChange }: { src: string; onChange: (src: string) => void }) {
  const locale = useAdminLocale();
  const upload = useAction(async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const { url } = await callApi(uploadImage, form);
    onChange(url);
  });

  return (
    <div className="adm-stack">
      {src ? <img className="adm-cnt__thumb" src={src} alt="" /> : null}
      <label className="adm-field">
        {staffMessage('media.upload_image', locale)}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          disabled={upload.busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload.run(file);
            e.target.value = '';
          }}
        />
      </label>
      {upload.busy ? <span className="adm-muted">{staffMessage('media.uploading', locale)}</span> : null}
      {upload.error ? (
        <span className="adm-error" role="alert">
          {upload.error}
        </span>
      ) : null}
    </div>
  );
}
