import '../../admin/content/content.css';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { adminApi } from '../../admin/api.ts';
import { PageEditor } from '../../admin/content/page-editor.tsx';
import type { ContentPage } from '../../admin/content/types.ts';
import { AdminLoading } from '../../admin/frame.tsx';
import { useTr } from '../../admin/i18n.ts';
import { PageHead } from '../../admin/ui/page-head.tsx';

export async function clientLoader({ params }: { params: { id?: string } }) {
  if (!params.id || params.id === 'new') return { page: null };
  return adminApi<{ page: ContentPage }>(`/api/admin/pages/${encodeURIComponent(params.id)}`);
}

export function HydrateFallback() {
  return <AdminLoading />;
}

/** One generic page's editor with its preview (editors). */
export default function PageEditPage() {
  const tr = useTr();
  const { page } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  return (
    <div className="adm-page">
      <PageHead title={page ? `${tr('Страница', 'Page')} /${page.slug}` : tr('Новая страница', 'New page')}>
        <Link to="/admin/pages">← {tr('Все страницы', 'All pages')}</Link>
      </PageHead>
      <PageEditor
        key={page?.id ?? 'new'}
        page={page}
        onSaved={(saved) => {
          if (!page) navigate(`/admin/pages/${saved.id}`, { replace: true });
        }}
      />
    </div>
  );
}
