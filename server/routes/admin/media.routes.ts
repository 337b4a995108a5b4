import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../core/errors.ts';
import type { Locale } from '../../../core/i18n.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  MAX_VIDEO_BYTES,
} from '../../../core/media/media.rules.ts';
import {
  mediaVersion,
  photoOrderBody,
  productMediaParams,
  productPhotoParams,
  productVideoParams,
} from '../../../core/media/media.schemas.ts';
import {
  type MediaChange,
  type UploadedFile,
  videoMessages,
} from '../../../core/media/product-media.service.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { refused, sendAnswer, staffAction, staffRead } from './staff-action.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Past the bytes all files of one upload may take together. */
class UploadTooLarge extends Error {}

/**
 * The files of a multipart upload, each cut off at `maxBytes` and all of them at `maxTotalBytes`
 * while they stream in: a larger file stops the request with `tooLarge`, files larger together
 * with `tooMuch`, before the rest of it is read, and nothing is stored.
 */
export async function readFiles(
  request: FastifyRequest,
  {
    maxBytes,
    maxFiles,
    maxTotalBytes = maxBytes * maxFiles,
    tooLarge,
    tooMuch = () => '',
  }: {
    maxBytes: number;
    maxFiles: number;
    maxTotalBytes?: number;
    tooLarge: (name: string) => string;
    tooMuch?: () => string;
  },
): Promise<UploadedFile[]> {
  const locale = requestLocale(request);
  if (!request.isMultipart()) {
    throw new AppError(
      'invalid_data',
      t(locale, 'Отправьте файлы формой multipart/form-data', 'Send the files as multipart/form-data'),
      { field: 'files' },
    );
  }
  const files: UploadedFile[] = [];
  let name = '';
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: maxFiles, fields: 10, parts: maxFiles + 10 },
    })) {
      if (part.type !== 'file') continue;
      name = part.filename.slice(0, 120);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxTotalBytes) throw new UploadTooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated)
        throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      files.push({ name, data: Buffer.concat(chunks) });
    }
  } catch (error) {
    if (error instanceof UploadTooLarge) throw new AppError('invalid_data', tooMuch(), { field: 'files' });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('invalid_data', tooLarge(name), { field: 'files' });
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(
        'invalid_data',
        t(locale, `Не больше ${maxFiles} файлов за раз`, `At most ${maxFiles} files at once`),
        { field: 'files' },
      );
    // Anything else here is the form itself: cut off, a missing boundary, a malformed part.
    throw new AppError(
      'invalid_data',
      t(locale, 'Файлы пришли не полностью или повреждены', 'The upload was cut off or is malformed'),
      { field: 'files', cause: error },
    );
  }
  return files;
}

/** A change's answer: the media, or 409 with the newer state (DECISIONS 31). */
const answer = (change: MediaChange) =>
  change.ok
    ? { media: change.media }
    : refused({ result: false, message: change.message, current: change.current });

/** Product photos and videos, and page images (issue 15, DECISIONS 38): editors and admins. */
export function mediaRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;
  const media = services.productMedia;
  const editor = { roles: roles.editor };
  // Limits are set per route below; these are the ceilings no route goes past.
  app.register(multipart, {
    limits: { fileSize: Math.max(MAX_PHOTO_BYTES, MAX_VIDEO_BYTES), files: MAX_PHOTOS_PER_UPLOAD },
  });

  const photoTooLarge = (locale: Locale) => (name: string) =>
    t(
      locale,
      `«${name}»: максимальный размер файла ${MAX_PHOTO_BYTES / 1_000_000} МБ`,
      `«${name}»: the largest file allowed is ${MAX_PHOTO_BYTES / 1_000_000} MB`,
    );

  staffRead(app, deps, {
    ...editor,
    url: '/api/admin/products/:id/media',
    params: productMediaParams,
    get: async ({ id }, locale) => ({ media: await media.getProductMedia(id, locale) }),
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/products/:id/photos',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const locale = requestLocale(request);
      const { id } = parseInput(productMediaParams, request.params, request);
      const { version } = parseInput(mediaVersion, request.query, request);
      const files = await readFiles(request, {
        maxBytes: MAX_PHOTO_BYTES,
        maxFiles: MAX_PHOTOS_PER_UPLOAD,
        maxTotalBytes: MAX_UPLOAD_BYTES,
        tooLarge: photoTooLarge(locale),
        tooMuch: () =>
          t(
            locale,
            `Вместе файлы больше ${MAX_UPLOAD_BYTES / 1_000_000} МБ: загрузите их в несколько приёмов`,
            `The files are larger than ${MAX_UPLOAD_BYTES / 1_000_000} MB together: upload them a few at a time`,
          ),
      });
      return sendAnswer(reply, answer(await media.uploadPhotos(id, version, files, actor, locale)));
    },
  });

  staffAction(app, deps, {
    ...editor,
    method: 'PUT',
    url: '/api/admin/products/:id/photos/order',
    params: productMediaParams,
    body: photoOrderBody,
    act: async ({ id }, { version, photoIds }, actor, locale) =>
      answer(await media.reorderPhotos(id, version, photoIds, actor, locale)),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'POST',
    url: '/api/admin/products/:id/photos/:photoId/first',
    params: productPhotoParams,
    body: mediaVersion,
    act: async ({ id, photoId }, { version }, actor, locale) =>
      answer(await media.makeFirst(id, version, photoId, actor, locale)),
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/admin/products/:id/photos/:photoId',
    params: productPhotoParams,
    query: mediaVersion,
    act: async ({ id, photoId, version }, _body, actor, locale) =>
      answer(await media.removePhoto(id, version, photoId, actor, locale)),
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/products/:id/videos',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const locale = requestLocale(request);
      const { id } = parseInput(productMediaParams, request.params, request);
      const { version } = parseInput(mediaVersion, request.query, request);
      const [file, ...more] = await readFiles(request, {
        maxBytes: MAX_VIDEO_BYTES,
        maxFiles: 1,
        tooLarge: () => videoMessages.size[locale],
      });
      if (!file || more.length > 0)
        throw new AppError('invalid_data', t(locale, 'Выберите один файл mp4', 'Choose one mp4 file'), {
          field: 'file',
        });
      return sendAnswer(reply, answer(await media.uploadVideo(id, version, file, actor, locale)));
    },
  });

  staffAction(app, deps, {
    ...editor,
    method: 'DELETE',
    url: '/api/admin/products/:id/videos/:videoId',
    params: productVideoParams,
    query: mediaVersion,
    act: async ({ id, videoId, version }, _body, actor, locale) =>
      answer(await media.removeVideo(id, version, videoId, actor, locale)),
  });

  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/media/images',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const locale = requestLocale(request);
      const [file, ...more] = await readFiles(request, {
        maxBytes: MAX_PHOTO_BYTES,
        maxFiles: 1,
        tooLarge: photoTooLarge(locale),
      });
      if (!file || more.length > 0)
        throw new AppError('invalid_data', t(locale, 'Выберите одно изображение', 'Choose one image'), {
          field: 'file',
        });
      return { result: true, ...(await media.uploadImage(file, actor, locale)) };
    },
  });
}
