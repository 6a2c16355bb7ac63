import { createFileRoute } from '@tanstack/react-router';
import { TerminalPage } from '~/features/terminal/terminal-page';

export const Route = createFileRoute('/_terminal/terminal')({
  component: TerminalPage,
});
