-- The Telegram outbox cron used to write "bot token missing" into the health of every Telegram news
-- source. Those sources are inbound (bot webhook) and do not need the token; the outbound status is
-- now reported by getTelegramStatus. Clear the misleading message where it is still the last error.
UPDATE `news_sources` SET `last_error` = NULL, `last_error_at` = NULL
WHERE `kind` = 'telegram'
  AND `last_error` = 'TELEGRAM_BOT_TOKEN is not set: Telegram is off (nothing is sent; queued messages wait). An admin can add the secret to turn it on.';
