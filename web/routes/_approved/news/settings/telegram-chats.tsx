import { createFileRoute } from '@tanstack/react-router';
import { TelegramChatsPage } from '~/features/news/settings/telegram-chats-page';

export const Route = createFileRoute('/_approved/news/settings/telegram-chats')({
  component: TelegramChatsPage,
});
