import type { Tool } from '@kanna/shared/catalog';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { ToolCard } from './tool-card';

interface ToolGridProps {
  query: UseQueryResult<Tool[]>;
  headingLevel?: 2 | 3;
  /** How many leading cards load their image at once (those in the first screen). */
  eagerCount?: number;
  /** Shown when there are no tools (a search that matched nothing says so differently). */
  empty?: ReactNode;
}

/** Tools in a grid: one column on phones, two on tablets, four on large screens (spec §9). */
export function ToolGrid({
  query,
  headingLevel = 3,
  eagerCount = 0,
  empty = 'No tools are listed yet. Please come back soon.',
}: ToolGridProps) {
  return (
    <QueryState
      query={query}
      loadingLabel="Loading tools"
      errorTitle="The tools could not be loaded."
      empty={empty}
      minHeightClass="min-h-96"
    >
      {(tools) => (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {tools.map((tool, index) => (
            <li key={tool._id}>
              <ToolCard
                tool={tool}
                headingLevel={headingLevel}
                eager={index < eagerCount}
                priority={eagerCount > 0 && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
