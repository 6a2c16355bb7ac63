import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';
import type { ResolvedTheme } from '~/lib/theme';
import type { OpenApiDocument } from './openapi-query';
import { SCALAR_CSS } from './scalar-theme';

/**
 * Scalar's API reference (a Vue app in a React wrapper, ~1 MB): this module is imported lazily by
 * the api-docs page only, so no other route loads it. The app's theme drives Scalar's colour mode.
 */
export default function ScalarReference({
  document,
  theme,
  siteName,
}: {
  document: OpenApiDocument;
  theme: ResolvedTheme;
  siteName: string;
}) {
  const configuration = useMemo(
    () => ({
      content: document,
      forceDarkModeState: theme,
      hideDarkModeToggle: true,
      hideClientButton: true,
      // Scalar's own extras (AI agent, MCP, developer toolbar) lean on its cloud: off for an internal tool.
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never' as const,
      showOperationId: true,
      documentDownloadType: 'json' as const,
      withDefaultFonts: false,
      customCss: SCALAR_CSS,
      metaData: { title: `API Docs · ${siteName}` },
    }),
    [document, theme, siteName],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
