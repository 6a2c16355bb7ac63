-- Issue 11 (security). Links are rendered as <a href>: keep only http(s) ones already stored.
UPDATE `news_items` SET `url` = NULL
WHERE `url` IS NOT NULL AND lower(substr(`url`, 1, 7)) <> 'http://' AND lower(substr(`url`, 1, 8)) <> 'https://';

-- Alert flooding: no rule fires more often than once a minute (the contract now refuses less).
UPDATE `alert_rules` SET `cooldown_seconds` = 60 WHERE `cooldown_seconds` < 60;
