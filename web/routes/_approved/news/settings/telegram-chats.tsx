import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_approved/news/settings/telegram-chats')({
  component: TelegramChatsPage,
});

function TelegramChatsPage() {
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="mb-1 text-base font-semibold">
        Telegram Chats
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">Chats that receive forwarded headlines.</p>
      <Placeholder
        items={[
          'Add and remove chats',
          'Which importances and rules forward to each chat',
          'Delivery status (rate-limited, retried, never lost)',
        ]}
      />
    </section>
  );
}
