import { useRef, useState } from 'react';
import { MAX_VIDEO_BYTES } from '../../../core/media/media.rules.ts';
import { useStaffConfirm } from './confirm.tsx';
import { notify } from './notices.tsx';
import { failureText, staffApi } from './staff-api.ts';
import { st } from './texts.ts';

/**
 * The product's videos for an editor (catalogue.md §4, §5, §8): upload an mp4 of at most
 * 10,000,000 bytes, delete one after 'Удалить видео?' (a modal, app/staff/editing/confirm.tsx); after a change the page loads again with the
 * server's data. The server checks the file by its content whatever the browser says.
 */
export function VideoTools({ groupId, videos }: { groupId: string; videos: string[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [ask, confirmDialog] = useStaffConfirm();

  async function upload(file: File) {
    if (!/\.mp4$/i.test(file.name) && file.type !== 'video/mp4') {
      notify(st('videoFormat'), 'error');
      return;
    }
    if (file.size > MAX_VIDEO_BYTES) {
      notify(st('videoSize'), 'error');
      return;
    }
    setBusy(true);
    notify(st('videoUploading'));
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      await staffApi(`/api/products/upload-video?id=${encodeURIComponent(groupId)}`, { form });
      window.location.reload();
    } catch (error) {
      notify(failureText(error), 'error');
      setBusy(false);
    }
  }

  async function remove(src: string) {
    const sure = await ask({
      title: st('videoDeleteConfirm'),
      confirm: st('videoDelete'),
      cancel: st('cancel'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await staffApi(`/api/products/delete-video?video=${encodeURIComponent(src)}`);
      window.location.reload();
    } catch (error) {
      notify(`${st('videoDeleteFailed')}: ${failureText(error)}`, 'error');
      setBusy(false);
    }
  }

  return (
    <div className="staff-video">
      <label className="staff-button">
        {busy ? st('videoUploading') : st('videoUpload')}
        <input
          ref={input}
          type="file"
          accept="video/mp4,.mp4"
          className="staff-video__input"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </label>
      {videos.map((src, i) => (
        <button
          key={src}
          type="button"
          className="staff-button staff-button--danger"
          disabled={busy}
          onClick={() => void remove(src)}
        >
          {st('videoDelete')}
          {videos.length > 1 ? ` ${i + 1}` : ''}
        </button>
      ))}
      {confirmDialog}
    </div>
  );
}
