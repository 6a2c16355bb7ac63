import { createFileRoute } from '@tanstack/react-router';
import { TelegramChatsPage } from '~/features/news/settings/telegram-chats-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { telegramChatsQuery, telegramStatusQuery } from '~/lib/news-settings-api';

export const Route = createFileRoute('/_approved/news/settings/telegram-chats')({
  loader: ({ context }) => ensureQueries(context.queryClient, telegramChatsQuery, telegramStatusQuery),
  component: TelegramChatsPage,
});
