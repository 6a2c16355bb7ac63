import { createFileRoute } from '@tanstack/react-router';
import { telegramChatsQuery, telegramStatusQuery } from '~/features/news/settings/settings-queries';
import { TelegramChatsPage } from '~/features/news/settings/telegram-chats-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/settings/telegram-chats')({
  loader: ({ context }) => ensureQueries(context.queryClient, telegramChatsQuery, telegramStatusQuery),
  component: TelegramChatsPage,
});
