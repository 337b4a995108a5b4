import '../../admin/media/media.css';
import '../../admin/ui/kit.css';
import { type DragEvent, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { z } from 'zod';
import { photoRenditionWidths } from '../../../core/catalogue/media.rules.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  MAX_VIDEO_BYTES,
} from '../../../core/media/media.rules.ts';
import type { mediaVersion, photoOrderBody } from '../../../core/media/media.schemas.ts';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useAdminLocale } from '../../admin/i18n.ts';
import { useDragOrder } from '../../admin/media/drag-order.ts';
import { MoveButtons } from '../../admin/media/move-buttons.tsx';
import { uploadFiles } from '../../admin/media/upload.ts';
import { callApi, endpoint } from '../../admin/ui/api-client.ts';
import { useConfirm } from '../../admin/ui/confirm-dialog.tsx';
import { ErrorNote, StatusNote } from '../../admin/ui/notes.tsx';
import { PageHead } from '../../admin/ui/page-head.tsx';
import { useAction } from '../../admin/ui/use-action.ts';

interface ProductMedia {
  groupId: string;
  version: string;
  photos: { id: number; src: string; width: number; height: number }[];
  videos: { id: number; src: string }[];
}

type Answer = { media: ProductMedia };

const mediaPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;
type ById = { id: string };
type Versioned = { version: string };

/** A product's media endpoints (server/routes/admin/media.routes.ts); uploads go by ../../admin/media/upload.ts. */
const mediaApi = {
  media: endpoint<Answer, undefined, ById>('GET', (p) => `${mediaPath(p.id)}/media`),
  order: endpoint<Answer, z.input<typeof photoOrderBody>, ById>(
    'PUT',
    (p) => `${mediaPath(p.id)}/photos/order`,
  ),
  first: endpoint<Answer, z.input<typeof mediaVersion>, ById & { photoId: number }>(
    'POST',
    (p) => `${mediaPath(p.id)}/photos/${p.photoId}/first`,
  ),
  removePhoto: endpoint<Answer, undefined, ById & Versioned & { photoId: number }>(
    'DELETE',
    (p) => `${mediaPath(p.id)}/photos/${p.photoId}?version=${encodeURIComponent(p.version)}`,
  ),
  removeVideo: endpoint<Answer, undefined, ById & Versioned & { videoId: number }>(
    'DELETE',
    (p) => `${mediaPath(p.id)}/videos/${p.videoId}?version=${encodeURIComponent(p.version)}`,
  ),
};

export async function clientLoader({ params }: { params: { id?: string } }) {
  const { media } = await callApi(mediaApi.media, { id: params.id ?? '' });
  return media;
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The smallest rendition of a photo, for its thumbnail. */
const thumbnail = (src: string) => `/media/${src}-${photoRenditionWidths(src)[0]}.webp`;

export default function ProductMediaPage() {
  const locale = useAdminLocale();
  const t = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const loaded = useLoaderData<typeof clientLoader>();
  const [media, setMedia] = useState<ProductMedia>(loaded);
  const [progress, setProgress] = useState<{ what: string; share: number } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [doneText, setDoneText] = useState('');
  const [over, setOver] = useState(false);
  const [ask, confirmDialog] = useConfirm();
  const id = { id: media.groupId };

  /** Runs a change; a 409 brings the newer photos in, beside the server's message. */
  const action = useAction(async (what: string, call: () => Promise<Answer>) => {
    setInvalid(null);
    try {
      const answer = await call();
      setMedia(answer.media);
      setDoneText(what);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) {
        const current = e.current as ProductMedia | undefined;
        setMedia(current ?? (await callApi(mediaApi.media, id)).media);
      }
      throw e;
    } finally {
      setProgress(null);
    }
  });
  const busy = action.busy;
  const run = (what: string, call: () => Promise<Answer>) => {
    setInvalid(null);
    return action.run(what, call);
  };
  function refuse(text: string) {
    action.reset();
    setInvalid(text);
  }

  function uploadPhotos(list: FileList | File[]) {
    const files = [...list];
    if (files.length === 0) return;
    if (files.length > MAX_PHOTOS_PER_UPLOAD) {
      refuse(t('media.too_many', { count: MAX_PHOTOS_PER_UPLOAD }));
      return;
    }
    const big = files.find((f) => f.size > MAX_PHOTO_BYTES);
    if (big) {
      refuse(t('media.too_big', { name: big.name, mb: MAX_PHOTO_BYTES / 1_000_000 }));
      return;
    }
    if (files.reduce((sum, f) => sum + f.size, 0) > MAX_UPLOAD_BYTES) {
      refuse(t('media.too_big_together', { mb: MAX_UPLOAD_BYTES / 1_000_000 }));
      return;
    }
    void run(t('media.photos_uploaded', { count: files.length }), () =>
      uploadFiles<Answer>(
        `${mediaPath(media.groupId)}/photos?version=${encodeURIComponent(media.version)}`,
        files,
        (share) => setProgress({ what: t('media.uploading_photos'), share }),
      ),
    );
  }

  function uploadVideo(list: FileList | null) {
    const file = list?.[0];
    if (!file) return;
    // catalogue.md: the spec's own words; the server checks again by the file's content.
    if (file.size > MAX_VIDEO_BYTES) {
      refuse(t('media.video_too_big'));
      return;
    }
    void run(t('media.video_uploaded'), () =>
      uploadFiles<Answer>(
        `${mediaPath(media.groupId)}/videos?version=${encodeURIComponent(media.version)}`,
        [file],
        (share) => setProgress({ what: t('media.uploading_video'), share }),
      ),
    );
  }

  function move(index: number, to: number) {
    const ids = media.photos.map((p) => p.id);
    const [photo] = ids.splice(index, 1);
    if (photo === undefined || to < 0 || to > ids.length) return;
    ids.splice(to, 0, photo);
    void run(t('media.order_saved'), () =>
      callApi(mediaApi.order, id, { version: media.version, photoIds: ids }),
    );
  }

  const makeFirst = (photoId: number) =>
    run(t('media.made_first'), () => callApi(mediaApi.first, { ...id, photoId }, { version: media.version }));

  async function removePhoto(photoId: number) {
    const yes = await ask({ title: t('media.delete_photo_sure'), confirm: t('cat.delete'), danger: true });
    if (!yes) return;
    await run(t('media.photo_deleted'), () =>
      callApi(mediaApi.removePhoto, { ...id, photoId, version: media.version }),
    );
  }

  async function removeVideo(videoId: number) {
    // catalogue.md: "Delete asks 'Удалить видео?'".
    const yes = await ask({ title: t('media.delete_video_sure'), confirm: t('cat.delete'), danger: true });
    if (!yes) return;
    await run(t('media.video_deleted'), () =>
      callApi(mediaApi.removeVideo, { ...id, videoId, version: media.version }),
    );
  }

  const error = invalid ?? action.error ?? action.conflict?.message ?? null;
  const done = action.done ? doneText : null;

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) uploadPhotos(event.dataTransfer.files);
  }

  const dragPhoto = useDragOrder(busy, (event, dragged, index) => {
    // Files dropped on a photo are uploads, not a drop on the whole page's area.
    event.stopPropagation();
    if (event.dataTransfer.files.length > 0) {
      uploadPhotos(event.dataTransfer.files);
    } else if (dragged !== null && dragged !== index) {
      move(dragged, index);
    }
  });

  return (
    <div className="adm-page adm-media">
      <PageHead title={t('media.title')}>
        <span className="adm-muted adm-id">{media.groupId}</span>
        <Link className="adm-btn" to={`/admin/products/${encodeURIComponent(media.groupId)}`}>
          {t('media.back')}
        </Link>
      </PageHead>

      <ErrorNote message={error} />
      {done ? <StatusNote>{done}</StatusNote> : null}

      <section className="adm-card" aria-labelledby="media-photos">
        <h2 id="media-photos">{t('media.photos', { count: media.photos.length })}</h2>
        <section
          className="adm-media__drop"
          data-over={over}
          aria-label={t('media.photo_upload')}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <p>{t('media.drop_hint')}</p>
          <label className="adm-btn adm-btn--primary">
            {t('media.choose_photos')}
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
              disabled={busy}
              onChange={(e) => {
                uploadPhotos(e.target.files ?? []);
                e.target.value = '';
              }}
            />
          </label>
          {progress ? (
            <>
              <progress
                className="adm-media__progress"
                max={1}
                value={progress.share}
                aria-label={progress.what}
              />
              <span className="adm-muted">
                {progress.share >= 1
                  ? t('media.processing')
                  : t('media.progress', { what: progress.what, percent: Math.round(progress.share * 100) })}
              </span>
            </>
          ) : null}
        </section>

        {media.photos.length === 0 ? (
          <p className="adm-muted">{t('media.no_photos')}</p>
        ) : (
          <ol className="adm-media__grid" aria-label={t('media.photo_order')}>
            {media.photos.map((p, i) => (
              <li key={p.id} className="adm-media__item" {...dragPhoto(i)}>
                <div className="adm-media__thumb">
                  <img src={thumbnail(p.src)} alt={t('media.photo', { number: i + 1 })} loading="lazy" />
                  {i === 0 ? <span className="adm-badge adm-badge--ok">{t('media.first')}</span> : null}
                </div>
                <span className="adm-media__meta">
                  {i + 1} · {p.width}×{p.height}
                </span>
                <div className="adm-media__actions">
                  <MoveButtons
                    index={i}
                    count={media.photos.length}
                    busy={busy}
                    onMove={(by) => move(i, i + by)}
                    earlier={t('media.earlier', { number: i + 1 })}
                    later={t('media.later', { number: i + 1 })}
                  />
                  {i > 0 ? (
                    <button
                      type="button"
                      className="adm-btn"
                      disabled={busy}
                      onClick={() => void makeFirst(p.id)}
                      aria-label={t('media.make_first', { number: i + 1 })}
                    >
                      {t('media.make_first_short')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="adm-btn adm-btn--danger"
                    disabled={busy}
                    onClick={() => void removePhoto(p.id)}
                    aria-label={t('media.delete_photo', { number: i + 1 })}
                  >
                    {t('cat.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="adm-card" aria-labelledby="media-video">
        <h2 id="media-video">{t('media.video')}</h2>
        <div className="adm-row">
          <label className="adm-btn">
            {t('media.upload_video')}
            <input
              className="adm-media__file"
              type="file"
              accept="video/mp4,.mp4"
              disabled={busy}
              hidden
              onChange={(e) => {
                uploadVideo(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        {media.videos.length === 0 ? (
          <p className="adm-muted">{t('media.no_video')}</p>
        ) : (
          <ul className="adm-media__videos">
            {media.videos.map((v, i) => (
              <li key={v.id} className="adm-stack">
                <video src={`/media/${v.src}`} controls muted preload="metadata" />
                <button
                  type="button"
                  className="adm-btn adm-btn--danger"
                  disabled={busy}
                  onClick={() => void removeVideo(v.id)}
                >
                  {t('media.delete_video', { number: i + 1 })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {confirmDialog}
    </div>
  );
}
