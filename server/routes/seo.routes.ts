import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] ?? ch,
  );

export function seoRoutes(
  app: FastifyInstance,
  { services, publicUrl, staging }: { services: Services; publicUrl: string; staging: boolean },
) {
  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    // A staging shop (SANDBOX_ON_PUBLIC=allow) keeps every crawler out and names no sitemap.
    if (staging) return ['User-agent: *', 'Disallow: /', ''].join('\n');
    return [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /*?*size=',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  // Both editions, each entry linking its other edition (DECISIONS 2: hreflang).
  app.get('/sitemap.xml', async (_request, reply) => {
    const [paths, pages, looks] = await Promise.all([
      services.catalogue.listPublicPaths(),
      services.pages.listSlugs(),
      services.customPages.listLooks(),
    ]);
    const all = [
      ...paths,
      ...pages.map((slug) => ({ path: `/${slug}`, updatedAt: null })),
      // The looks page, once staff have made a look (an empty page is not worth a crawl).
      ...(looks.length > 0 ? [{ path: '/looks', updatedAt: null }] : []),
    ];
    const entry = (path: string, updatedAt: Date | null) => {
      const ru = `${publicUrl}${path}`;
      const en = `${publicUrl}${path === '/' ? '/en' : `/en${path}`}`;
      const links = `<xhtml:link rel="alternate" hreflang="ru" href="${escapeXml(ru)}"/><xhtml:link rel="alternate" hreflang="en" href="${escapeXml(en)}"/>`;
      const lastmod = updatedAt ? `<lastmod>${updatedAt.toISOString().slice(0, 10)}</lastmod>` : '';
      return [ru, en].map((loc) => `<url><loc>${escapeXml(loc)}</loc>${lastmod}${links}</url>`).join('');
    };
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${all
      .map((p) => entry(p.path, p.updatedAt))
      .join('')}</urlset>\n`;
  });
}
