import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { photoKeyFromWire, photoTagToWire } from '../../../core/catalogue/catalogue.wire.ts';
import { productNameBody, renameProduct } from '../../../core/catalogue/in-place-product.ts';
import { tagMessages, tagRefusal, tagsSaveSchema } from '../../../core/catalogue/photo-tags.rules.ts';
import { menuMessages, menusSaveBody, readMenus, saveMenus } from '../../../core/content/in-place-menus.ts';
import { AppError } from '../../../core/errors.ts';
import type { Locale } from '../../../core/i18n.ts';
import { MAX_VIDEO_BYTES } from '../../../core/media/media.rules.ts';
import { videoMessages } from '../../../core/media/product-media.service.ts';
import { parseInput, requestLocale } from '../../request.ts';
import { readFiles } from './media.routes.ts';
import { roles, type StaffRouteDeps, staffRoute } from './staff-route.ts';

const t = (locale: Locale, ru: string, en: string) => (locale === 'en' ? en : ru);

/** Parses with a field's own clear message (the generic refusal names only the field). */
function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  request: FastifyRequest,
  message: (issueMessage: string, field: string) => string,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  request.log.info({ field, issue: issue?.message }, 'invalid input');
  throw new AppError('invalid_data', message(issue?.message ?? '', field), { field: field || undefined });
}

const uploadQuery = z.object({ id: z.string().trim().min(1).max(200) });
const deleteQuery = z.object({ video: z.string().trim().min(1).max(300) });
const productParams = z.object({ id: z.string().min(1).max(200) });

/**
 * In-place editing on the storefront's pages (catalogue.md §4, §6, §7; docs/decisions/0037-in-place-editing.md): the
 * spec's own paths for tags, product video and the data refresh, and the menus and product name
 * under /api/admin/in-place/. Editors and admins only (DECISIONS 30), each change audited and its
 * pages' caches dropped by the service that makes it.
 */
export function inPlaceRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { services } = deps;

  // catalogue.md §4: the editor's tag list of one photo replaces the stored one, over its version.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/tags-save',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const locale = requestLocale(request);
      const input = parseWith(tagsSaveSchema, request.body, request, (message, field) =>
        field === 'tags' || field.startsWith('tags.')
          ? tagMessages[tagRefusal(message)][locale]
          : t(
              locale,
              'Не указаны фото, товар или версия тегов',
              'The photo, product or tags version is missing',
            ),
      );
      const src = photoKeyFromWire(input.src);
      const change = await services.inPlace.saveTags({ ...input, src }, actor, locale);
      const data = change.tags.map((tag) => photoTagToWire(tag, input.productID, null));
      if (!change.ok)
        return reply
          .status(409)
          .send({ result: false, message: change.message, data, version: change.version });
      return { result: true, data, version: change.version };
    },
  });

  // catalogue.md §5: an mp4 of at most 10,000,000 bytes, judged by its content.
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/products/upload-video',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const locale = requestLocale(request);
      const { id } = parseInput(uploadQuery, request.query, request);
      const groupId = await services.inPlace.groupOf(id);
      if (!groupId) throw new AppError('not_found', t(locale, 'Товар не найден', 'Product not found'));
      const [file] = await readFiles(request, {
        maxBytes: MAX_VIDEO_BYTES,
        maxFiles: 1,
        tooLarge: () => videoMessages.size[locale],
      });
      if (!file) throw new AppError('invalid_data', videoMessages.format[locale], { field: 'file' });
      // Adding a video names the media's version it read just now: a change in between is refused.
      const { version } = await services.productMedia.getProductMedia(groupId, locale);
      const change = await services.productMedia.uploadVideo(groupId, version, file, actor, locale);
      if (!change.ok) return reply.status(409).send({ result: false, message: change.message });
      return {
        result: true,
        message: t(locale, 'Видео загружено', 'The video is uploaded'),
        videos: change.media.videos.map((v) => v.src),
      };
    },
  });

  // catalogue.md §7 names the video by its file; a GET by the spec, so it also demands that the
  // browser says the call is the shop's own (the staff cookie is SameSite=Strict besides).
  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/products/delete-video',
    roles: roles.editor,
    async handler(request, reply, actor) {
      const locale = requestLocale(request);
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin')
        throw new AppError(
          'not_allowed',
          t(locale, 'Запрос не с адреса магазина', 'The request did not come from the shop'),
        );
      const { video } = parseInput(deleteQuery, request.query, request);
      const key = video.replace(/^\/media\//, '');
      const found = await services.inPlace.findVideo(key);
      if (!found) throw new AppError('not_found', t(locale, 'Видео не найдено', 'Video not found'));
      const { version } = await services.productMedia.getProductMedia(found.groupId, locale);
      const change = await services.productMedia.removeVideo(found.groupId, version, found.id, actor, locale);
      if (!change.ok) return reply.status(409).send({ result: false, message: change.message });
      return { result: true };
    },
  });

  // catalogue.md §7: refreshes the shop's data: the waiting catalogue import, then every cache and
  // the search index (the back office's /api/admin/fetch-data, same service).
  staffRoute(app, deps, {
    method: 'POST',
    url: '/api/fetch-data',
    roles: roles.editor,
    async handler(_request, _reply, actor) {
      return { result: true, ...(await services.catalogueRefresh.refresh(actor)) };
    },
  });

  staffRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/in-place/menus',
    roles: roles.editor,
    async handler() {
      return { result: true, menus: await readMenus(services.settingsAdmin) };
    },
  });

  // catalogue.md §6: menu items' names, links and order, column names and labels, by editors.
  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/in-place/menus',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const locale = requestLocale(request);
      const input = parseWith(menusSaveBody, request.body, request, (message) =>
        message === 'name' || message === 'path' ? menuMessages[message][locale] : menuMessages.other[locale],
      );
      return {
        result: true,
        menus: await saveMenus(services.settingsAdmin, input, actor, locale),
      };
    },
  });

  staffRoute(app, deps, {
    method: 'PUT',
    url: '/api/admin/in-place/products/:id/name',
    roles: roles.editor,
    async handler(request, _reply, actor) {
      const locale = requestLocale(request);
      const { id } = parseInput(productParams, request.params, request);
      const input = parseWith(productNameBody, request.body, request, (_, field) =>
        field === 'version'
          ? t(locale, 'Не указана версия товара', 'The product’s version is missing')
          : t(locale, 'Введите название (до 200 знаков)', 'Enter the name (up to 200 characters)'),
      );
      const record = await renameProduct(services.catalogueAdmin, id, input, actor, locale);
      return { result: true, name: record.product.name, version: record.product.version };
    },
  });
}
