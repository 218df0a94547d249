import { useView } from '../../app/view-context';
import { PageCard } from '../../components/ui/Page';

/** A business screen whose page ships with a later issue. */
export function PlaceholderPage() {
  const { path } = useView();
  return (
    <PageCard title="功能建设中">
      <p className="text-ink-soft">
        该页面（<code className="rounded bg-canvas px-1 font-mono text-sm">{path}</code>
        ）将在后续版本中提供。
      </p>
    </PageCard>
  );
}
