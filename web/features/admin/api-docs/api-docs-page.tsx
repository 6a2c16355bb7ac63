import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { PageHeader } from '~/components/layout/page';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { useSiteName } from '~/lib/site';
import { useTheme } from '~/lib/theme';
import { openApiDocumentQuery } from './openapi-query';

const ScalarReference = lazy(() => import('./scalar-reference'));

function Loading() {
  return (
    <div className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
      <Spinner /> Loading the API reference…
    </div>
  );
}

/** The RPC API reference: the worker's OpenAPI document rendered by Scalar. */
export function ApiDocsPage() {
  const document = useQuery(openApiDocumentQuery);
  const { resolved } = useTheme();
  const siteName = useSiteName();
  // Scalar titles the page itself once loaded; until then (and if it never does) the same title.
  useEffect(() => {
    window.document.title = `API Docs · ${siteName}`;
  }, [siteName]);
  return (
    <div>
      <PageHeader
        title="API Docs"
        description={
          <>
            Every RPC procedure, generated from the router: input, output, access level and errors. Raw document:{' '}
            <a className="text-primary underline-offset-2 hover:underline" href="/api/openapi.json" target="_blank" rel="noreferrer">
              /api/openapi.json
            </a>
            .
          </>
        }
      />
      {document.isError ? (
        <QueryError query={document} what="the API reference" />
      ) : document.data ? (
        <div className="rounded-lg border border-border" data-testid="api-reference">
          <Suspense fallback={<Loading />}>
            <ScalarReference document={document.data} theme={resolved} siteName={siteName} />
          </Suspense>
        </div>
      ) : (
        <Loading />
      )}
    </div>
  );
}
