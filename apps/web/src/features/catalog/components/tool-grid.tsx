import type { Tool } from '@kanna/shared/catalog';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { catalogTexts } from '../i18n';
import { ToolCard } from './tool-card';

interface ToolGridProps {
  query: UseQueryResult<Tool[]>;
  headingLevel?: 2 | 3;
  /** How many leading cards load their image at once (those in the first screen). */
  eagerCount?: number;
  /** Shown when there are no tools (a search that matched nothing says so differently). */
  empty?: ReactNode;
}

interface ToolListProps {
  tools: Tool[];
  headingLevel?: 2 | 3;
  eagerCount?: number;
  /** The list, for a "Load more" that moves focus to the first new tool. */
  listRef?: Ref<HTMLUListElement>;
}

/** Tools in a grid: one column on phones, two on tablets, four on large screens (spec §9). */
export function ToolList({ tools, headingLevel = 3, eagerCount = 0, listRef }: ToolListProps) {
  return (
    <ul ref={listRef} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {tools.map((tool, index) => (
        <li key={tool._id} data-list-item className="rounded-box focus:outline-2 focus:outline-offset-4">
          <ToolCard
            tool={tool}
            headingLevel={headingLevel}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** One query's tools as a grid, with its loading, error and empty states (the home page's eight). */
export function ToolGrid({ query, headingLevel = 3, eagerCount = 0, empty }: ToolGridProps) {
  const t = useTexts(catalogTexts);
  return (
    <QueryState
      query={query}
      loadingLabel={t.loadingTools}
      errorTitle={t.toolsNotLoaded}
      empty={empty ?? t.noTools}
      minHeightClass="min-h-96"
    >
      {(tools) => <ToolList tools={tools} headingLevel={headingLevel} eagerCount={eagerCount} />}
    </QueryState>
  );
}
